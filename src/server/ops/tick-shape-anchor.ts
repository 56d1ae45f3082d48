// Keeps one `process.nextTick` object alive for the life of the process.
//
// Why: Node builds every tick object with one literal whose first keys are computed
// (`{ [async_id_symbol]: id, [trigger_async_id_symbol]: trigger, callback, args }`), so V8 gives
// it its shape one map transition at a time and remembers those maps only weakly. A full
// garbage collection that runs while no tick object is alive (an idle server; a start-up that
// allocates a lot, such as warming the link cache with 1M links) lets those maps die; the next
// tick makes new ones, and after a few such collections the literal's feedback is
// MEGAMORPHIC. From then on every tick object, about ten per HTTP request inside node:http,
// is built through V8's runtime, which makes every request measurably dearer. One live tick
// object keeps the maps, so the literal stays monomorphic. The measurements are in
// docs/performance.md ("The tick-object shape"); test/ops/tick-shape-anchor.test.ts shows both
// states.
import { executionAsyncResource } from 'node:async_hooks';

let anchor: object | undefined;

/** Call once, first thing at start-up; holding the object costs a few bytes. */
export function anchorTickObjectShape(): void {
  if (anchor !== undefined) return;
  // Inside a nextTick callback, the execution resource is that tick's own object.
  process.nextTick(() => {
    anchor = executionAsyncResource();
  });
}
