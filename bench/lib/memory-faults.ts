import { performance } from 'node:perf_hooks';

const PAGE_BYTES = 4096;
const SAMPLE_BYTES = 128 << 20;

/**
 * Microseconds this machine takes to hand a process a fresh 4 KiB page of memory (the first write
 * to each page of a new 128 MiB buffer; median of three). A bare Linux machine takes well under
 * one; a virtual machine that gives freed memory back to its host (free page reporting, as on this
 * workplace's Firecracker guests: 12–13) pays a trip to the host for each page. Lighthouse's
 * `benchmarkIndex` times a small script and misses it, yet a browser loading a page touches tens of
 * thousands of fresh pages, which such a machine turns into blocking time no phone would show.
 */
export function firstTouchMicrosPerPage(): number {
  const samples: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const buffer = Buffer.allocUnsafeSlow(SAMPLE_BYTES);
    const started = performance.now();
    for (let offset = 0; offset < SAMPLE_BYTES; offset += PAGE_BYTES) buffer[offset] = 1;
    samples.push(((performance.now() - started) * 1000) / (SAMPLE_BYTES / PAGE_BYTES));
  }
  return samples.sort((a, b) => a - b)[1]!;
}
