/** A tool's output as a terminal shows it: text content blocks, else its raw output. */
export function TerminalOutput({ texts, rawOutput }: { texts: string[]; rawOutput?: unknown }) {
  const raw =
    rawOutput === undefined
      ? ""
      : typeof rawOutput === "string"
        ? rawOutput
        : JSON.stringify(rawOutput, null, 2);
  const text = texts.length ? texts.join("") : raw;
  if (!text) return null;
  return (
    <details className="terminal" open={text.length < 2000}>
      <summary>Output</summary>
      <pre>{text}</pre>
    </details>
  );
}
