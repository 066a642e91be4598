#!/usr/bin/env node
// Notification: log every notification (a desktop alert would go here).
const fs = require("fs");
const path = require("path");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const log = path.join(process.env.CLAUDE_PROJECT_DIR, ".claude", "notifications.log");
fs.appendFileSync(log, `${input.notification_type}: ${input.message}\n`);
