/**
 * What a lower module needs from modules above it (dependency inversion). The lower module declares
 * the port and calls `use()`; the composition root (server/providers.ts) plugs the higher modules'
 * functions in at load. So the lower module never imports the higher one and the module graph stays
 * free of cycles (server/module-graph.test.ts).
 */
export interface Port<T> {
  provide(implementation: T): void;
  use(): T;
}

export function port<T>(name: string): Port<T> {
  let implementation: T | undefined;
  return {
    provide: (given) => {
      implementation = given;
    },
    use: () => {
      if (implementation === undefined) throw new Error(`Nothing provides ${name}: see server/providers.ts`);
      return implementation;
    },
  };
}
