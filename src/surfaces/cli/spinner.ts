const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A progress line on a TTY stderr; does nothing at all when stderr is not a terminal. */
export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;
  private readonly started = Date.now();

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly enabled = stream.isTTY === true,
  ) {}

  start(text: string): void {
    if (!this.enabled) return;
    this.stop();
    this.timer = setInterval(() => {
      const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
      this.stream.write(`\r${FRAMES[this.frame++ % FRAMES.length]} ${text} (${seconds}s)\x1b[K`);
    }, 80);
    this.timer.unref();
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write("\r\x1b[K");
  }
}
