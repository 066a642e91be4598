/**
 * A duration as claude 2.1.328 writes it (its `/cost` lines, a background run's `finished` line):
 * `0s`, `12s` (whole seconds, rounded down), `3m 5s`, `1h 2m 3s`, `2d 1h 0m`.
 */
export function claudeDuration(ms: number): string {
  if (ms < 60_000) return `${Math.floor(ms / 1000)}s`;
  let days = Math.floor(ms / 86_400_000);
  let hours = Math.floor((ms % 86_400_000) / 3_600_000);
  let minutes = Math.floor((ms % 3_600_000) / 60_000);
  let seconds = Math.round((ms % 60_000) / 1000);
  if (seconds === 60) [seconds, minutes] = [0, minutes + 1];
  if (minutes === 60) [minutes, hours] = [0, hours + 1];
  if (hours === 24) [hours, days] = [0, days + 1];
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  return `${minutes}m ${seconds}s`;
}
