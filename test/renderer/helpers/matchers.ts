/**
 * The few DOM matchers the renderer tests use (the jest-dom package is not installed; five short
 * matchers beat a new dependency shared by five engineers).
 */
import { expect } from 'vitest';

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toHaveTextContent(expected: string | RegExp): R;
  toHaveAttribute(name: string, value?: string): R;
  toBeDisabled(): R;
  toHaveValue(value: string | number): R;
  toHaveFocus(): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Assertion<T> extends DomMatchers {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends DomMatchers {}
}

function describeNode(node: unknown): string {
  if (node instanceof Element) return `<${node.tagName.toLowerCase()}>${(node.textContent ?? '').slice(0, 120)}`;
  return String(node);
}

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

expect.extend({
  toBeInTheDocument(received: unknown) {
    const pass = received instanceof Node && received.ownerDocument?.contains(received) === true;
    return { pass, message: () => `expected ${describeNode(received)} ${pass ? 'not ' : ''}to be in the document` };
  },
  toHaveTextContent(received: Element, expected: string | RegExp) {
    const text = normalise(received.textContent);
    const pass = typeof expected === 'string' ? text.includes(normalise(expected)) : expected.test(text);
    return {
      pass,
      message: () => `expected text ${JSON.stringify(text)} ${pass ? 'not ' : ''}to contain ${String(expected)}`,
    };
  },
  toHaveAttribute(received: Element, name: string, value?: string) {
    const actual = received.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return {
      pass,
      message: () =>
        `expected ${describeNode(received)} ${pass ? 'not ' : ''}to have ${name}=${String(value)} (it has ${String(actual)})`,
    };
  },
  toBeDisabled(received: Element) {
    const pass = (received as HTMLButtonElement).disabled === true;
    return { pass, message: () => `expected ${describeNode(received)} ${pass ? 'not ' : ''}to be disabled` };
  },
  toHaveValue(received: HTMLInputElement, value: string | number) {
    const actual = received.type === 'number' ? Number(received.value) : received.value;
    const pass = actual === value;
    return {
      pass,
      message: () => `expected value ${JSON.stringify(actual)} ${pass ? 'not ' : ''}to be ${JSON.stringify(value)}`,
    };
  },
  toHaveFocus(received: Element) {
    const pass = received.ownerDocument.activeElement === received;
    return { pass, message: () => `expected ${describeNode(received)} ${pass ? 'not ' : ''}to have focus` };
  },
});
