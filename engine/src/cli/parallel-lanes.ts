// Which nodes of a run ran side by side, for the live tree: when a model calls two agents (or
// composite tools) in one response, their subtrees' events interleave, and a line can only be
// read as belonging to its agent if the tree says so. A node is "parallel" once it was open at
// the same time as a sibling; the parallel nodes above a node are its lane, and the lane's names
// are the tag its lines carry when they follow another lane's.

interface LaneNode {
  readonly parentId: string | null;
  readonly name: string;
  /** 1-based, among the parent's children of the same name, in the order they started. */
  readonly ordinal: number;
  readonly children: string[];
  open: boolean;
  parallel: boolean;
}

/**
 * Tracks the nodes of one run as they start and end.
 *
 * @example
 * const lanes = new Lanes();
 * lanes.start({ id: "t1", parentId: "s", name: "alpha" });
 * lanes.start({ id: "t2", parentId: "s", name: "beta" }); // t1 is still open: both are parallel
 * lanes.label(lanes.lane("t1", true)); // "alpha"
 */
export class Lanes {
  readonly #nodes = new Map<string, LaneNode>();

  start(node: { id: string; parentId: string | null; name: string }): void {
    const parent = node.parentId === null ? undefined : this.#nodes.get(node.parentId);
    const siblings = parent?.children.map((id) => this.#nodes.get(id)!) ?? [];
    const entry: LaneNode = {
      parentId: node.parentId,
      name: node.name,
      ordinal: siblings.filter((sibling) => sibling.name === node.name).length + 1,
      children: [],
      open: true,
      parallel: false,
    };
    // Marked for good: once two branches have interleaved, a reader needs their names from then on.
    for (const sibling of siblings) {
      if (sibling.open) sibling.parallel = entry.parallel = true;
    }
    this.#nodes.set(node.id, entry);
    parent?.children.push(node.id);
  }

  end(nodeId: string): void {
    const node = this.#nodes.get(nodeId);
    if (node) node.open = false;
  }

  /**
   * The parallel nodes above `nodeId`, outermost first (and `nodeId` itself when `inclusive`):
   * whose lines a line of the node is. Empty for a run that never did two things at once.
   */
  lane(nodeId: string, inclusive: boolean): string[] {
    const lane: string[] = [];
    let id: string | null = inclusive ? nodeId : (this.#nodes.get(nodeId)?.parentId ?? null);
    while (id !== null) {
      const node = this.#nodes.get(id);
      if (!node) break;
      if (node.parallel) lane.unshift(id);
      id = node.parentId;
    }
    return lane;
  }

  /** Whether `nodeId` is `ancestorId` or descends from it. */
  within(nodeId: string, ancestorId: string): boolean {
    for (let id: string | null = nodeId; id !== null; id = this.#nodes.get(id)?.parentId ?? null) {
      if (id === ancestorId) return true;
    }
    return false;
  }

  /** Whether something beside `nodeId` (or beside one of its ancestors) is running right now. */
  racing(nodeId: string): boolean {
    for (let id: string | null = nodeId; id !== null; ) {
      const node = this.#nodes.get(id);
      if (!node) return false;
      const parent = node.parentId === null ? undefined : this.#nodes.get(node.parentId);
      if (node.open && parent?.children.some((sibling) => sibling !== id && this.#nodes.get(sibling)!.open)) return true;
      id = node.parentId;
    }
    return false;
  }

  /**
   * A lane's names for a person, e.g. "alpha" or "alpha › search"; a name the model called more
   * than once at a time is numbered in call order ("researcher #2").
   */
  label(lane: readonly string[]): string {
    return lane
      .map((id) => {
        const node = this.#nodes.get(id)!;
        const parent = node.parentId === null ? undefined : this.#nodes.get(node.parentId);
        const namesakes = parent?.children.filter((sibling) => this.#nodes.get(sibling)!.name === node.name).length ?? 1;
        return namesakes > 1 ? `${node.name} #${node.ordinal}` : node.name;
      })
      .join(" › ");
  }
}

/** Whether two lanes are the same branch. */
export function sameLane(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
