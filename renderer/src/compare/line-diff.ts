// Which lines of two texts differ, for highlighting inside a changed prompt or output: the
// longest common subsequence of lines is unchanged, every other line is marked.
export interface DiffLine {
  text: string;
  changed: boolean;
}

/** Above this many line pairs (between the common head and tail) the middle is marked whole. */
const MAX_PAIRS = 250_000;

/**
 * @example
 * lineDiff("a\nb\nc", "a\nB\nc").left; // [{ text: "a", changed: false }, { text: "b", changed: true }, { text: "c", changed: false }]
 */
export function lineDiff(left: string, right: string): { left: DiffLine[]; right: DiffLine[] } {
  const a = left.split("\n");
  const b = right.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const [keepA, keepB] = midA.length * midB.length > MAX_PAIRS ? [new Set<number>(), new Set<number>()] : commonLines(midA, midB);
  const mark = (lines: string[], keep: Set<number>): DiffLine[] =>
    lines.map((text, i) => ({ text, changed: i >= head && i < lines.length - tail && !keep.has(i - head) }));
  return { left: mark(a, keepA), right: mark(b, keepB) };
}

/** Indexes of the lines of `a` and of `b` in one longest common subsequence. */
function commonLines(a: string[], b: string[]): [Set<number>, Set<number>] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: LCS length of a[i..] and b[j..], flattened.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] = a[i] === b[j] ? lengths[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
    }
  }
  const keepA = new Set<number>();
  const keepB = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      keepA.add(i++);
      keepB.add(j++);
    } else if (lengths[(i + 1) * (m + 1) + j]! >= lengths[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  return [keepA, keepB];
}
