import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { StatementRefused } from './statement.js';

/**
 * An element as the statement reader walks it: its children by local name (a list when named
 * more than once, or always for the names asked so), `@name` for attributes and `#text` for text.
 * An element with neither attributes nor children is its text alone.
 */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

interface OpenElement {
  readonly name: string;
  readonly node: XmlNode;
  text: string;
  hasParts: boolean;
}

/** `ns2:Document` is `Document`: a bank's namespace prefix is its own choice. */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

const isNamespaceDeclaration = (name: string): boolean => name === 'xmlns' || name.startsWith('xmlns:');

/** A node without a prototype: an element named `__proto__` is a child like any other. */
const emptyNode = (): XmlNode => Object.create(null) as XmlNode;

function opened(tag: SaxesTagPlain): OpenElement {
  const node = emptyNode();
  let hasParts = false;
  for (const [name, value] of Object.entries(tag.attributes)) {
    if (isNamespaceDeclaration(name)) continue;
    node[`@${localName(name)}`] = value;
    hasParts = true;
  }
  return { name: localName(tag.name), node, text: '', hasParts };
}

/** The element's value: its text alone, or its node with the text (when any) as `#text`. */
function valueOf(element: OpenElement): XmlValue {
  if (!element.hasParts) return element.text;
  if (element.text.trim() !== '') element.node['#text'] = element.text;
  return element.node;
}

function addChild(parent: OpenElement, name: string, value: XmlValue, lists: ReadonlySet<string>): void {
  parent.hasParts = true;
  const present = parent.node[name];
  if (lists.has(name)) parent.node[name] = [...((present as XmlValue[] | undefined) ?? []), value];
  else if (present === undefined) parent.node[name] = value;
  else parent.node[name] = Array.isArray(present) ? [...present, value] : [present, value];
}

/**
 * The document as a tree, read in one pass by a conforming XML parser (saxes): a document that is
 * not well-formed is refused (`malformed_xml`, naming the line) as it is read, instead of being
 * checked whole first and read a second time. Only XML's own entities and character references
 * are known; the caller refuses DTDs before.
 */
export function xmlTree(xml: string, lists: ReadonlySet<string>): XmlNode {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const document: OpenElement = { name: '', node: emptyNode(), text: '', hasParts: true };
  const open: OpenElement[] = [document];
  const current = () => open[open.length - 1]!;
  parser.on('opentag', (tag) => open.push(opened(tag)));
  parser.on('text', (text) => (current().text += text));
  parser.on('cdata', (text) => (current().text += text));
  parser.on('closetag', () => {
    const element = open.pop()!;
    addChild(current(), element.name, valueOf(element), lists);
  });
  parser.on('error', (error) => {
    throw new StatementRefused('malformed_xml', error.message, parser.line);
  });
  parser.write(xml).close();
  return document.node;
}
