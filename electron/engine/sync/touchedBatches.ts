/**
 * The deposits a sync run wrote (their row, transactions or GL lines). The store's writer adds to it
 * as a Set; the runner takes what is new since its last commit and records it with that page, so a
 * run killed before its checks leaves them for the next run.
 */
export class TouchedBatches extends Set<string> {
  private fresh: string[] = [];

  override add(batchId: string): this {
    if (!this.has(batchId)) this.fresh.push(batchId);
    return super.add(batchId);
  }

  /** The ids added since the last call. */
  takeFresh(): string[] {
    const taken = this.fresh;
    this.fresh = [];
    return taken;
  }
}
