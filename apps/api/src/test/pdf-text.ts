import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/**
 * The text of a PDF as Debian's poppler-utils reads it (`pdftotext`, installed by .ci/run), in
 * reading order with runs of spaces collapsed; throws when the bytes are no PDF poppler can read.
 */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');
}

/**
 * Asserts that the PDF's text, its line breaks folded into spaces (a phrase may wrap), holds every
 * one of `phrases`; returns that text for what the test checks further.
 */
export function expectPdfText(pdf: Buffer, phrases: readonly string[]): string {
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  for (const phrase of phrases) expect(text).toContain(phrase);
  return text;
}

/** The size of each page in points (`pdfinfo`), e.g. [[419.53, 595.28]] for one A5 page. */
export function pdfPageSizes(pdf: Buffer): [number, number][] {
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '999', '-'], { input: pdf }).toString('utf8');
  return [...out.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}
