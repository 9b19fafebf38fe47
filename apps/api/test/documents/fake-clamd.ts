import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A stand-in for clamd (ClamAV's signatures cannot be fetched here): a UNIX-socket server that
// speaks INSTREAM (`zINSTREAM\0`, chunks with a 4-byte big-endian length, a zero length at the end)
// and answers `stream: OK\0`, or `stream: Eicar-Test-Signature FOUND\0` when the stream holds the
// EICAR test string, as clamd does.

/** The EICAR anti-virus test string, built from parts so this source file is not itself flagged. */
export const EICAR = Buffer.from(
  ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join(''),
  'latin1',
);

export type TFakeClamdMode = 'scan' | 'hang' | 'hang-up' | 'garble';

export type TFakeClamd = {
  socket: string;
  /** What each scan received, in order. */
  scans: Buffer[];
  mode: TFakeClamdMode;
  close(): Promise<void>;
};

export async function startFakeClamd(): Promise<TFakeClamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-clamd-'));
  const socket = path.join(dir, 'clamd.ctl');
  const state: TFakeClamd = { socket, scans: [], mode: 'scan', close: async () => {} };
  const open = new Set<net.Socket>();
  const server = net.createServer((conn) => {
    open.add(conn);
    conn.on('close', () => open.delete(conn));
    conn.on('error', () => {});
    if (state.mode === 'hang-up') return void conn.destroy();
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    const chunks: Buffer[] = [];
    conn.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const nul = buffer.indexOf(0);
        if (nul < 0) return;
        const command = buffer.subarray(0, nul).toString('latin1');
        buffer = buffer.subarray(nul + 1);
        commandRead = true;
        if (command !== 'zINSTREAM') return void conn.end('UNKNOWN COMMAND\0');
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const stream = Buffer.concat(chunks);
          state.scans.push(stream);
          if (state.mode === 'hang') return;
          if (state.mode === 'garble') return void conn.end('what?\0');
          const infected = stream.includes(EICAR);
          return void conn.end(infected ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
        }
        if (buffer.length < 4 + length) return;
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  state.close = async () => {
    for (const conn of open) conn.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return state;
}
