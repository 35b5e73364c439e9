/**
 * Reading a file costs memory far beyond its size (pdf.js keeps the document, a scanned page
 * decodes to tens of MB of pixels): work waits until the budget has room for what it will hold,
 * so several large files at once cannot take a process past the figure the operator set
 * (docs/operator-guide.md, "Memory"). First come, first served.
 */
export class MemoryBudget {
  private used = 0;
  private readonly waiting: { cost: number; go: () => void }[] = [];

  /** `capacity` in bytes. */
  constructor(readonly capacity: number) {}

  /** Runs `work` once `cost` bytes (at most the whole budget) are free, and frees them after. */
  async run<T>(cost: number, work: () => Promise<T>): Promise<T> {
    const take = Math.max(0, Math.min(cost, this.capacity));
    if (this.waiting.length || this.used + take > this.capacity) {
      await new Promise<void>((go) => this.waiting.push({ cost: take, go }));
    } else this.used += take;
    try {
      return await work();
    } finally {
      this.used -= take;
      this.admit();
    }
  }

  /** Bytes held now (for metrics and tests). */
  get inUse(): number {
    return this.used;
  }

  private admit() {
    while (this.waiting.length && this.used + this.waiting[0].cost <= this.capacity) {
      const next = this.waiting.shift()!;
      this.used += next.cost;
      next.go();
    }
  }
}

const MB = 1024 * 1024;

/**
 * What reading a file holds at its peak, by measurement (bench row `memory.ocr_peak`): a fixed
 * part for the engines' working buffers, and a multiple of the file for pdf.js's copy of the
 * document and the pages decoded from it.
 */
export function readingCost(bytes: number): number {
  return 48 * MB + 12 * bytes;
}
