/**
 * The engine's log. Every line passes through `redact`, which removes registered secrets (and their
 * base64 forms), so a token or secret can never reach a log file even through an error message.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const secrets = new Set<string>();

/** Registers a secret value; it and its base64 forms are replaced by `[redacted]` everywhere we log or report. */
export function registerSecret(value: string): void {
  if (value.length < 4) return;
  secrets.add(value);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join('[redacted]');
  }
  return out;
}

export function createConsoleLogger(
  write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Logger {
  const log = (level: string, message: string, fields?: Record<string, unknown>) => {
    const suffix = fields && Object.keys(fields).length ? ' ' + JSON.stringify(fields) : '';
    write(redact(`${new Date().toISOString()} ${level} ${message}${suffix}`));
  };
  return {
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
