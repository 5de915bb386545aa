import type { EntityResponse } from '@common/contracts/entities';

export interface EntityNode {
  entity: EntityResponse;
  depth: number;
}

/** Entities depth-first, each under its parent (one whose parent is gone shows as a root). */
export function entityTree(entities: readonly EntityResponse[]): EntityNode[] {
  const ids = new Set(entities.map((e) => e.id));
  const children = new Map<string | null, EntityResponse[]>();
  for (const entity of entities) {
    const parent = entity.parentId && ids.has(entity.parentId) ? entity.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), entity]);
  }
  const out: EntityNode[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const entity of children.get(parent) ?? []) {
      out.push({ entity, depth });
      visit(entity.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** The entity and everything under it: none of them can become its parent. */
export function subtreeIds(entities: readonly EntityResponse[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of entities) {
      if (e.parentId && ids.has(e.parentId) && !ids.has(e.id)) {
        ids.add(e.id);
        grew = true;
      }
    }
  }
  return ids;
}
