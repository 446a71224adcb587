import { describe, expect, it } from 'vitest';
import type { NormalizedForm } from '../../../schemas/forms';
import { ChunkWindow, WINDOW_FIRST_FIELDS, WINDOW_MIN_FIELDS } from './chunkWindow';
import { CHUNK_FIELDS, planGrid } from './planGrid';
import { compileForm } from '../../../plugins/compiler';

// A Flowable form model of `count` text fields, one a row.
function formOf(count: number): NormalizedForm {
  const { form } = compileForm({
    key: `long${count}`,
    name: 'Long form',
    fields: Array.from({ length: count }, (_, index) => ({
      id: `q${index}`,
      name: `Question ${index + 1}`,
      type: 'text',
    })),
  });
  if (!form) throw new Error('the form did not compile');
  return form;
}

const chunkCount = (window: ChunkWindow, total: number) =>
  Array.from({ length: total }, (_, index) => index).filter((index) => window.isMounted(index))
    .length;

describe('ChunkWindow', () => {
  it('given a form of ordinary length, when windowed, then every chunk is mounted at once', () => {
    const plan = planGrid(formOf(WINDOW_MIN_FIELDS));
    const window = new ChunkWindow(plan, true);
    const total = plan.sections.flatMap((section) => section.chunks).length;
    expect(window.windowed).toBe(false);
    expect(chunkCount(window, total)).toBe(total);
  });

  it('given a long form where nothing can watch the scroll, when windowed, then every chunk is mounted', () => {
    const plan = planGrid(formOf(400));
    const window = new ChunkWindow(plan, false);
    expect(window.windowed).toBe(false);
    expect(chunkCount(window, 10)).toBe(10);
  });

  it('given a long form, when windowed, then the first screens are mounted and a revealed field mounts its chunk alone, at once', () => {
    const plan = planGrid(formOf(400));
    const window = new ChunkWindow(plan, true);
    const chunks = plan.sections.flatMap((section) => section.chunks);
    expect(window.windowed).toBe(true);
    const first = Math.ceil(WINDOW_FIRST_FIELDS / CHUNK_FIELDS);
    expect(chunkCount(window, chunks.length)).toBe(first);
    // Numbered for the placeholders' names: each chunk starts where the one before ended.
    expect(chunks.map((chunk) => chunk.start)).toEqual(
      chunks.map((_, index) => index * CHUNK_FIELDS),
    );

    let heard = 0;
    const last = plan.chunkOfField.get('q399') as number;
    const stop = window.subscribe(last, () => {
      heard += 1;
    });
    window.reveal('q399');
    expect(window.isMounted(last)).toBe(true);
    expect(heard).toBe(1);
    window.reveal('q399');
    expect(heard).toBe(1);
    expect(chunkCount(window, chunks.length)).toBe(first + 1);
    stop();
  });

  it('given a placeholder the keyboard reached, when its chunk mounts, then it is asked once where the focus goes', () => {
    const plan = planGrid(formOf(400));
    const window = new ChunkWindow(plan, true);
    window.mountNow(5, 'last');
    expect(window.takeFocusRequest(5)).toBe('last');
    expect(window.takeFocusRequest(5)).toBeUndefined();
  });
});
