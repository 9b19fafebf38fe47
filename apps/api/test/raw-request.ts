import net from 'node:net';

/**
 * A request over a raw connection to the test server: its head is sent at once, its body goes out
 * as the test says (`send(from, to)`, each resolving when written), so a test can stall, drip or
 * cut a body off where a client library would not let it.
 */
export async function openRawRequest(baseUrl: string, head: string[], payload: Buffer) {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (d) => (answer += d.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  const [requestLine, ...headers] = head;
  socket.write(
    [requestLine, `Host: 127.0.0.1:${port}`, ...headers, `Content-Length: ${payload.length}`, '', ''].join(
      '\r\n',
    ),
  );
  const send = (from: number, to?: number) =>
    new Promise<number>((resolve) =>
      socket.write(payload.subarray(from, to), () => resolve(performance.now())),
    );
  return { payload, socket, send, closed, answer: () => answer };
}
