/**
 * Resolves in a new task, so the browser can paint and handle input in between (start-up work
 * split into tasks under 50 ms on a phone instead of one long one, which Lighthouse counts as blocking).
 * A message, not setTimeout: background tabs throttle timers to once a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
