// The page side of `npm run bench:forms`: each page supplies an adapter, this file times
// mount, keystrokes and validation the same way for all of them, and the Node driver
// (scripts/benchForms.ts) reads the results from `window.formBench`.

/** What a page tells the harness about its form library. */
export interface BenchAdapter {
  /** Renders the form into the container, empty or with these values. */
  mount(container: HTMLElement, values?: Readonly<Record<string, unknown>>): void;
  /** Removes the form. */
  unmount(): void;
  /** The control of field `index`, once it is in the DOM. */
  control(index: number): HTMLInputElement | null;
  /**
   * Puts field `index` in the DOM when the library mounts a long form's parts as they near
   * the screen; the harness then scrolls it into view as a user would before typing.
   */
  reveal?(index: number): void;
  /** What the library holds as field `key`'s value. */
  stateValue(key: string): unknown;
  /** Validates the current values the library's way; answers the number of errors. */
  validate(): number;
  /** Runs the library's own submit path. */
  submit(): void;
}

/** The figures of one mount. */
export interface MountResult {
  /**
   * ms to the commit that fills the first screen: the last control in the DOM lies below
   * the screen's bottom edge, or is the last field's (a library that renders every field
   * at once gets there only when it has rendered them all).
   */
  readonly commit: number;
  /** ms to the next frame after the commit. */
  readonly paint: number;
  /** Elements in the document. */
  readonly domNodes: number;
}

/** The figures of a keystroke run. */
export interface KeystrokeResult {
  /** ms from each input event to its commit and layout. */
  readonly sync: number[];
  /** Whether the DOM and the library both hold the typed text afterwards. */
  readonly ok: boolean;
}

/** The figures of the validation phase. */
export interface ValidationResult {
  /** ms of the first validation after a filled remount. */
  readonly cold: number;
  /** ms of each later validation. */
  readonly warm: number[];
  /** Errors found on the filled (valid) data: 0 expected. */
  readonly errors: number;
  /** ms from each submit to the next frame. */
  readonly submitPaint: number[];
}

declare global {
  interface Window {
    /** The harness, once the page is ready. */
    formBench?: {
      mount(): Promise<MountResult>;
      keystrokes(options: { count: number; dispatch: boolean }): Promise<KeystrokeResult>;
      validation(options: { reps: number }): Promise<ValidationResult>;
    };
  }
}

/** Resolves in a new task (after microtask-scheduled commits). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

/** Resolves after the next frame is produced: a task posted from its animation callback. */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    }),
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Reading a layout property flushes pending style and layout work at once.
function flushLayout(): number {
  return document.body.offsetHeight + document.documentElement.scrollHeight;
}

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

// What a browser does when a key is typed, as far as the libraries listen: the value
// changes through the native setter (React's value tracker sees it), then `input` bubbles.
function typeInto(input: HTMLInputElement, value: string, typed: string): void {
  setInputValue?.call(input, value);
  input.dispatchEvent(
    new InputEvent('input', { bubbles: true, data: typed, inputType: 'insertText' }),
  );
}

/** Installs `window.formBench` for a page of N fields whose typing field is `typingIndex`. */
export function installHarness(
  adapter: BenchAdapter,
  options: { n: number; typingIndex: number; filled: Readonly<Record<string, unknown>> },
): void {
  const container = document.getElementById('app');
  if (!container) throw new Error('the page has no #app');
  const { n, typingIndex, filled } = options;

  // Whether the first screen is filled: see `MountResult.commit`.
  function firstScreenFilled(): boolean {
    if (adapter.control(n - 1)) return true;
    const controls = (container as HTMLElement).querySelectorAll('input, select, textarea');
    const last = controls[controls.length - 1];
    return last !== undefined && last.getBoundingClientRect().top >= window.innerHeight;
  }

  async function timedMount(values?: Readonly<Record<string, unknown>>): Promise<MountResult> {
    await nextFrame();
    await nextTask();
    const start = performance.now();
    adapter.mount(container as HTMLElement, values);
    while (!firstScreenFilled()) await nextTask();
    const commit = performance.now() - start;
    flushLayout();
    const paint = (await nextFrame()) - start;
    return { commit, paint, domNodes: document.getElementsByTagName('*').length };
  }

  window.formBench = {
    mount: () => timedMount(),

    async keystrokes({ count, dispatch }) {
      adapter.reveal?.(typingIndex);
      const input = adapter.control(typingIndex);
      if (!input) throw new Error('no typing field');
      // The field typed into is on screen, as a user's is; the scroll settles first.
      input.scrollIntoView({ block: 'center' });
      input.focus({ preventScroll: true });
      await nextFrame();
      await pause(300);
      await nextFrame();
      const sync: number[] = [];
      let value = input.value;
      for (let k = 0; k < count; k += 1) {
        await nextFrame();
        await nextTask();
        const typed = String.fromCharCode(97 + (k % 26));
        const start = performance.now();
        if (dispatch) {
          value += typed;
          typeInto(input, value, typed);
        }
        await nextTask();
        flushLayout();
        sync.push(performance.now() - start);
        // Effects after the commit run outside the measured window, as in the anchors.
        await pause(4);
      }
      await nextFrame();
      await pause(300);
      const key = `f${typingIndex}`;
      const ok =
        !dispatch ||
        (adapter.control(typingIndex)?.value === value && adapter.stateValue(key) === value);
      return { sync, ok };
    },

    async validation({ reps }) {
      adapter.unmount();
      (container as HTMLElement).textContent = '';
      await pause(50);
      await timedMount(filled);
      await pause(300);
      let start = performance.now();
      const errors = adapter.validate();
      const cold = performance.now() - start;
      const warm: number[] = [];
      for (let i = 0; i < reps; i += 1) {
        await nextTask();
        start = performance.now();
        adapter.validate();
        warm.push(performance.now() - start);
      }
      const submitPaint: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        await nextFrame();
        await pause(20);
        start = performance.now();
        adapter.submit();
        await nextTask();
        flushLayout();
        submitPaint.push((await nextFrame()) - start);
      }
      return { cold, warm, errors, submitPaint };
    },
  };
}

/** N from the page's query string (`?n=1000`). */
export function fieldCount(): number {
  return Number(new URLSearchParams(window.location.search).get('n') ?? 100);
}
