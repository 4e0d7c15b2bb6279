// The receiver's coalescing: one build at a time; requests during a build fold into
// exactly one more build after it; a request for a change the live (or running) build
// already contains starts nothing. Pure apart from the `build` function it is given,
// so tests drive it with a fake build.

/**
 * @typedef {'started' | 'queued' | 'already-queued' | 'covered' | 'current'} RequestOutcome
 * started: a build starts now; queued: one more build will follow the running one;
 * already-queued: that next build is planned already; covered: the running build started
 * after the change, so it contains it; current: the live build contains it.
 */

export class BuildQueue {
  /**
   * @param {(startedAt: Date) => Promise<boolean>} build runs one build, resolves true when it went live
   * @param {{ now?: () => Date, liveBuiltFrom?: Date }} [options] clock; start time of the build being served
   */
  constructor(build, { now = () => new Date(), liveBuiltFrom } = {}) {
    this.build = build;
    this.now = now;
    /** Start time of the live build: it contains every change before it. */
    this.liveBuiltFrom = liveBuiltFrom;
    /** Start time of the running build, if any. */
    this.runningSince = undefined;
    /** True when another build must follow the running one. */
    this.again = false;
    /** Builds started so far. */
    this.builds = 0;
    /** @type {Promise<void>} settles when the current run (and its follow-up) ends */
    this.running = Promise.resolve();
  }

  /**
   * Asks for a build containing a change made at `changedAt` (unknown: always build).
   * @param {Date | undefined} changedAt
   * @returns {RequestOutcome}
   */
  request(changedAt) {
    if (this.runningSince) {
      if (changedAt && changedAt < this.runningSince) return 'covered';
      if (this.again) return 'already-queued';
      this.again = true;
      return 'queued';
    }
    if (changedAt && this.liveBuiltFrom && changedAt < this.liveBuiltFrom) return 'current';
    this.running = this.#run();
    return 'started';
  }

  /** Resolves once no build is running or planned. */
  async idle() {
    while (this.runningSince) await this.running;
  }

  async #run() {
    do {
      this.again = false;
      const startedAt = this.now();
      this.runningSince = startedAt;
      this.builds++;
      let live = false;
      try {
        live = await this.build(startedAt);
      } catch (error) {
        console.error('publish: the build crashed', error);
      }
      if (live) this.liveBuiltFrom = startedAt;
    } while (this.again);
    this.runningSince = undefined;
  }
}
