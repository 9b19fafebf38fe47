import { Writable } from 'node:stream';

export type TLogLine = Record<string, unknown> & { msg?: string };

/** Collects what the app logs (pino writes one JSON line per entry): `createTestApp(env, { logStream })`. */
export function logCapture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: (): TLogLine[] =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as TLogLine),
  };
}
