// Tells text from binary by looking at the start of a file, as git and grep do: a NUL byte, or
// many control characters, means binary. The model gets a message instead of mojibake.

/** Bytes looked at from the start of a file. */
export const BINARY_SNIFF_BYTES = 8192;

/**
 * True when `bytes` (the start of a file) look binary: a NUL byte, or more than 10% control
 * characters other than tab, newlines, form feed, backspace and escape.
 *
 * @example
 * looksBinary(Buffer.from("hello\n")); // false
 * looksBinary(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00])); // true
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const length = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  let control = 0;
  for (let index = 0; index < length; index++) {
    const byte = bytes[index]!;
    if (byte === 0) return true;
    if (byte < 32 && !ALLOWED_CONTROL.has(byte)) control++;
  }
  return length > 0 && control / length > 0.1;
}

// \b \t \n \v \f \r and ESC (colour codes in logs).
const ALLOWED_CONTROL = new Set([8, 9, 10, 11, 12, 13, 27]);
