import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names and resolves Tailwind conflicts: a later class wins over an earlier one of
 * the same kind under the same variants (`cn('h-9 px-4', 'h-12')` → `px-4 h-12`), so a caller's
 * `className` overrides a component's default. It does what tailwind-merge 3 does for the
 * utilities this app writes, in about 1 KB instead of 7.4 KB of the first load (decision 015);
 * `cn.test.ts` compares the two on every class list the app's components produce. A class it does
 * not know is kept, as tailwind-merge keeps one.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  // The memo serves the server's renders; left out of the browser's first load (its budget).
  return import.meta.env.SSR ? mergeMemo(classes) : mergeClasses(classes);
}

/**
 * Merged lists kept by their input: a page renders the same few hundred class lists again and
 * again (a feed's cards, every button), and the server renders pages for many requests; merging
 * was a fifth of a signed-in page's render (decision 038). Emptied whole when full, so it stays
 * bounded whatever a page passes in.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2_000;

export function mergeMemo(classes: string): string {
  let out = merged.get(classes);
  if (out === undefined) {
    out = mergeClasses(classes);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classes, out);
  }
  return out;
}

const SIDES = /^(x|y|t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)$/;
const SIZES = /^(xs|sm|base|md|lg|xl|\dxl)(\/.*)?$/;
const DISPLAY =
  /^(block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|inline-table|table-.+|contents|flow-root|list-item|hidden)$/;
const SINGLE: Record<string, string> = {
  static: 'position',
  fixed: 'position',
  absolute: 'position',
  relative: 'position',
  sticky: 'position',
  visible: 'visibility',
  invisible: 'visibility',
  collapse: 'visibility',
  'sr-only': 'sr',
  'not-sr-only': 'sr',
  uppercase: 'case',
  lowercase: 'case',
  capitalize: 'case',
  'normal-case': 'case',
  italic: 'style',
  'not-italic': 'style',
  underline: 'decor',
  overline: 'decor',
  'line-through': 'decor',
  'no-underline': 'decor',
  truncate: 'text-overflow',
  grow: 'grow',
  shrink: 'shrink',
  transition: 'transition',
  'tabular-nums': 'nums',
  antialiased: 'smoothing',
  'subpixel-antialiased': 'smoothing',
  'break-words': 'wrap',
  'break-all': 'word-break',
  'break-keep': 'word-break',
  'break-normal': 'word-break',
  resize: 'resize',
  border: 'border-w',
  ring: 'ring-w',
  shadow: 'shadow',
  rounded: 'rounded',
  outline: 'outline-style',
  blur: 'blur',
};
// A group that overrides others when it comes later: `p-2` after `px-4` removes `px-4`.
const OVERRIDES: Record<string, string[]> = {
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  gap: ['gap-x', 'gap-y'],
  'font-size': ['leading'],
};
for (const box of ['p', 'm', 'scroll-m', 'scroll-p', 'border-w', 'border-color']) {
  const side = (s: string) => `${box}-${s}`;
  OVERRIDES[box] = ['x', 'y', 't', 'r', 'b', 'l', 's', 'e'].map(side);
  OVERRIDES[side('x')] = [side('r'), side('l')];
  OVERRIDES[side('y')] = [side('t'), side('b')];
}

const isLength = (v: string) =>
  /^(\d+(\.\d+)?|px|full|auto|screen|min|max|fit|dvh|svh|lvh|dvw|\d+\/\d+)$/.test(v) ||
  /^\[(length:)?[\d.]+(px|rem|em|%|vh|vw|ch)\]$/.test(v) ||
  /^\(length:.+\)$/.test(v);
const isColorish = (v: string) => !isLength(v);

/** The conflict group of one utility (variants and `!` removed), or undefined when unknown. */
function groupOf(utility: string): string | undefined {
  const u = utility.startsWith('-') ? utility.slice(1) : utility;
  if (u in SINGLE) return SINGLE[u];
  if (DISPLAY.test(u)) return 'display';
  if (u.startsWith('[') && u.includes(':')) return `arb:${u.slice(1, u.indexOf(':'))}`;
  const dash = u.indexOf('-');
  if (dash < 0) return undefined;
  const head = u.slice(0, dash);
  const rest = u.slice(dash + 1);
  const sub = rest.split('-')[0];
  switch (head) {
    case 'p':
    case 'px':
    case 'py':
    case 'pt':
    case 'pr':
    case 'pb':
    case 'pl':
    case 'ps':
    case 'pe':
    case 'm':
    case 'mx':
    case 'my':
    case 'mt':
    case 'mr':
    case 'mb':
    case 'ml':
    case 'ms':
    case 'me':
      return head.length === 1 ? head : `${head[0]}-${head[1]}`;
    case 'w':
    case 'h':
    case 'size':
    case 'top':
    case 'right':
    case 'bottom':
    case 'left':
    case 'start':
    case 'end':
    case 'z':
    case 'order':
    case 'opacity':
    case 'cursor':
    case 'leading':
    case 'tracking':
    case 'aspect':
    case 'duration':
    case 'ease':
    case 'delay':
    case 'animate':
    case 'basis':
    case 'whitespace':
    case 'align':
    case 'accent':
    case 'fill':
    case 'blur':
    case 'rotate':
    case 'columns':
    case 'indent':
      return head;
    case 'min':
    case 'max':
    case 'inset':
    case 'gap':
    case 'overflow':
    case 'space':
    case 'translate':
    case 'scale':
    case 'grid':
    case 'col':
    case 'row':
    case 'line':
    case 'list':
    case 'select':
    case 'pointer':
    case 'object':
    case 'divide':
    case 'scroll':
    case 'place':
    case 'backdrop':
    case 'transition':
    case 'grow':
    case 'shrink':
    case 'flex':
    case 'items':
    case 'justify':
    case 'self':
    case 'content':
    case 'font':
    case 'text':
    case 'bg':
    case 'border':
    case 'rounded':
    case 'ring':
    case 'outline':
    case 'shadow':
    case 'decoration':
    case 'underline':
    case 'stroke':
    case 'from':
    case 'via':
    case 'to':
      break;
    default:
      return undefined;
  }
  switch (head) {
    case 'min':
    case 'max':
      return `${head}-${sub}`;
    case 'inset':
    case 'gap':
    case 'overflow':
    case 'space':
    case 'translate':
    case 'scale':
      return /^(x|y)$/.test(sub) && rest.includes('-') ? `${head}-${sub}` : head;
    case 'grid':
      return `grid-${sub}`;
    case 'col':
    case 'row':
      return `${head}-${sub === 'span' ? 'start-end' : sub}`;
    case 'line':
      return sub === 'clamp' ? 'line-clamp' : undefined;
    case 'list':
      return /^(inside|outside)$/.test(rest) ? 'list-pos' : 'list';
    case 'select':
    case 'pointer':
    case 'transition':
    case 'grow':
    case 'shrink':
    case 'backdrop':
      return head === 'backdrop' ? `backdrop-${sub}` : head;
    case 'object':
      return /^(contain|cover|fill|none|scale-down)$/.test(rest) ? 'object-fit' : 'object-pos';
    case 'divide':
      return /^(x|y)/.test(rest) ? `divide-${sub}` : 'divide-color';
    case 'scroll':
      return /^(m|p)/.test(sub) ? `scroll-${sub}` : 'scroll';
    case 'place':
      return `place-${sub}`;
    case 'flex':
      if (/^(row|col)/.test(rest)) return 'flex-dir';
      return /^(wrap|nowrap|wrap-reverse)$/.test(rest) ? 'flex-wrap' : 'flex';
    case 'items':
    case 'self':
    case 'content':
      return head;
    case 'justify':
      return /^(items|self)$/.test(sub) ? `justify-${sub}` : 'justify';
    case 'font':
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(rest)
        ? 'font-weight'
        : 'font-family';
    case 'text':
      if (SIZES.test(rest) || /^\[(length:)?[\d.]+(px|rem|em)\]$/.test(rest)) return 'font-size';
      if (/^(left|center|right|justify|start|end)$/.test(rest)) return 'text-align';
      if (/^(wrap|nowrap|balance|pretty)$/.test(rest)) return 'text-wrap';
      if (/^(ellipsis|clip)$/.test(rest)) return 'text-overflow';
      return 'text-color';
    case 'bg':
      if (/^(fixed|local|scroll)$/.test(rest)) return 'bg-attach';
      if (/^(auto|cover|contain)$/.test(rest)) return 'bg-size';
      if (/^(no-repeat|repeat.*)$/.test(rest)) return 'bg-repeat';
      if (/^(center|top|bottom|left|right)/.test(rest)) return 'bg-pos';
      if (/^(none|linear|radial|conic|gradient)/.test(rest)) return 'bg-image';
      if (/^(clip|origin|blend)-/.test(rest)) return `bg-${sub}`;
      return 'bg-color';
    case 'border': {
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return 'border-style';
      if (/^(collapse|separate)$/.test(rest)) return 'border-collapse';
      const side = SIDES.test(sub) ? sub : '';
      const value = side ? rest.slice(side.length + 1) : rest;
      const kind = !value || isLength(value) ? 'border-w' : 'border-color';
      return side ? `${kind}-${side}` : kind;
    }
    case 'rounded':
      return SIDES.test(sub) && !/^(x|y)$/.test(sub) ? `rounded-${sub}` : 'rounded';
    case 'ring':
      if (rest === 'inset') return 'ring-inset';
      if (sub === 'offset') {
        const value = rest.slice(7);
        return isLength(value) ? 'ring-offset-w' : 'ring-offset-color';
      }
      return isLength(rest) ? 'ring-w' : 'ring-color';
    case 'outline':
      if (/^(none|hidden|dashed|dotted|double|solid)$/.test(rest)) return 'outline-style';
      if (sub === 'offset') return 'outline-offset';
      return isLength(rest) ? 'outline-w' : 'outline-color';
    case 'shadow':
      return SIZES.test(rest) || /^(none|inner|2xs)$/.test(rest) ? 'shadow' : 'shadow-color';
    case 'decoration':
    case 'underline':
      return head === 'underline' && sub === 'offset'
        ? 'underline-offset'
        : `decor-${isColorish(rest) ? 'c' : 'w'}`;
    case 'stroke':
      return isLength(rest) ? 'stroke-w' : 'stroke';
    default:
      // from-, via-, to-: gradient stops (colour or position).
      return /^\d+%$/.test(rest) ? `${head}-pos` : head;
  }
}

/** Splits `md:hover:!px-4` into its variants (`hover:md:` sorted) and the utility. */
function parse(cls: string): [string, string] {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) {
      variants.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let utility = cls.slice(start);
  let important = '';
  if (utility.startsWith('!') || utility.endsWith('!')) {
    important = '!';
    utility = utility.startsWith('!') ? utility.slice(1) : utility.slice(0, -1);
  }
  return [`${variants.sort().join(':')}:${important}`, utility];
}

/** A later class removes an earlier one of the same group (and of the groups it overrides). */
export function mergeClasses(classes: string): string {
  const list = classes.split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i];
    if (!cls) continue;
    const [variants, utility] = parse(cls);
    const group = groupOf(utility);
    if (group) {
      const key = variants + group;
      if (taken.has(key)) continue;
      taken.add(key);
      for (const other of OVERRIDES[group] ?? []) taken.add(variants + other);
    }
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}

/** How many merged lists are kept (for tests). */
export const mergeMemoSize = () => merged.size;
