// The first module the server loads (server.ts imports it before anything else, and it imports
// nothing): on a Node older than the one the portal supports it prints why and exits, before any
// dependency that needs the newer runtime is evaluated. `npm start` runs the Node 24 that
// `npm install` put in node_modules/.bin (the `node` package), whatever the machine's own node is.

/** The oldest Node the portal runs on (package.json `engines`; CI tests 24). */
export const MIN_NODE = [22, 12] as const;

/** The message for a Node older than MIN_NODE, or null when `version` (e.g. "20.20.2") will do. */
export function nodeTooOld(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return null;
  return (
    `UniApply needs Node.js ${MIN_NODE.join('.')} or later (24 recommended); this is Node ${version}.\n` +
    'Start it with `npm start`, which runs the Node 24 that `npm install` puts in node_modules/.bin, ' +
    'or install Node 24.'
  );
}

const tooOld = nodeTooOld(process.versions.node);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
