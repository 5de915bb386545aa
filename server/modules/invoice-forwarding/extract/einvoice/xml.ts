// Hardened XML reading for e-invoices (untrusted data from a mail or a PDF): no DTD at all (so no
// entity expansion and no external entity), a size limit, and elements found by namespace URI and
// local name, never by the prefix a sender happened to choose.
import { DOMParser } from '@xmldom/xmldom';
import { EMBEDDED_XML_MAX_BYTES } from '../../../../lib/untrusted/limits';

/** Parses an e-invoice's XML; null when it is too large, carries a DTD or is not well-formed. */
export function parseXml(text: string): Element | null {
  if (text.length > EMBEDDED_XML_MAX_BYTES) return null;
  // A DOCTYPE could define entities (billion laughs) or point outside; an e-invoice never has one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  const fail = (message: string) => {
    throw new Error(message);
  };
  try {
    const doc = new DOMParser({
      errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
    }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
    return (doc?.documentElement as unknown as Element | null) ?? null;
  } catch {
    return null;
  }
}

/** Element children of `node` whose namespace is one of `namespaces` and whose local name is `name`. */
export function childrenNamed(node: Element | null, namespaces: readonly string[], name: string): Element[] {
  if (!node) return [];
  const found: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (element.localName === name && namespaces.includes(element.namespaceURI ?? '')) found.push(element);
  }
  return found;
}

/** The element at a path of local names (each step any of `a|b`), first match at each step. */
export function at(node: Element | null, namespaces: readonly string[], path: string): Element | null {
  let current = node;
  for (const step of path.split('/')) {
    if (!current) return null;
    const from: Element = current;
    current =
      step
        .split('|')
        .map((name) => childrenNamed(from, namespaces, name)[0])
        .find(Boolean) ?? null;
  }
  return current;
}

/** Every element at a path: all matches of the last step under the first match of the others. */
export function allAt(node: Element | null, namespaces: readonly string[], path: string): Element[] {
  const steps = path.split('/');
  const last = steps.pop()!;
  const parent = steps.length ? at(node, namespaces, steps.join('/')) : node;
  return last.split('|').flatMap((name) => childrenNamed(parent, namespaces, name));
}

/** The trimmed text of an element, or null when absent or empty. */
export function textOf(element: Element | null): string | null {
  const text = element?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}
