// Mounts React elements in jsdom for the ui room's tests (the test file sets
// `// @vitest-environment jsdom`): `act` flushes effects and settled promises.
import { act, type ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLElement;
  rerender: (element: ReactElement) => Promise<void>;
  unmount: () => void;
}

export async function mount(element: ReactElement): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => root.render(element));
  return {
    container,
    rerender: (next) => act(async () => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * The hooks every component test file needs: React's expected console errors kept
 * quiet, and after each test the mounted element unmounted and every mock restored.
 * Returns `show`, which mounts an element and remembers it for that clean-up.
 */
export function useMounted(): (element: ReactElement) => Promise<Mounted> {
  let current: Mounted | undefined;
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    current?.unmount();
    current = undefined;
    vi.restoreAllMocks();
  });
  return async (element) => (current = await mount(element));
}

/** Runs `step` inside act and lets settled promises reach React. */
export async function settle(step: () => unknown = () => undefined): Promise<void> {
  await act(async () => {
    await step();
  });
}

/**
 * Types `text` into `input` as a person does (React reads the value through the
 * native setter and an input event), then submits the input's form and lets React
 * settle.
 */
export async function typeAndSubmit(input: HTMLInputElement, text: string): Promise<void> {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle(() => input.form!.requestSubmit());
  await settle();
}

/** A promise the test resolves or rejects by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
