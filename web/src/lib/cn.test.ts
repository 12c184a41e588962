import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses, mergeMemo, mergeMemoSize } from './cn';
import cases from './cn.cases.json';

describe('cn', () => {
  it('lets a later class win over an earlier one of the same kind', () => {
    expect(cn('h-9 px-4 text-sm', 'h-12')).toBe('px-4 text-sm h-12');
    expect(cn('rounded-md bg-muted', 'rounded-full')).toBe('bg-muted rounded-full');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('text-muted-foreground text-sm', 'text-lg')).toBe('text-muted-foreground text-lg');
    expect(cn('px-4 py-2', 'p-0')).toBe('p-0');
    expect(cn('p-6', 'pt-0')).toBe('p-6 pt-0');
    expect(cn('size-10', 'size-8')).toBe('size-8');
    expect(cn('border border-border', 'border-2 border-primary')).toBe('border-2 border-primary');
    expect(cn('flex flex-col', 'hidden md:flex-row')).toBe('flex-col hidden md:flex-row');
  });

  it('keeps classes under other variants, and those it does not know', () => {
    expect(cn('px-4 md:px-8', 'px-2')).toBe('md:px-8 px-2');
    expect(cn('hover:focus:bg-muted', 'focus:hover:bg-card')).toBe('focus:hover:bg-card');
    expect(cn('js-card px-4', 'js-card', false, null, undefined)).toBe('js-card px-4 js-card');
    expect(cn('[&_svg]:size-4', '[&_svg]:size-5')).toBe('[&_svg]:size-5');
    expect(cn('leading-none text-lg', 'text-sm')).toBe(twMerge('leading-none text-lg text-sm'));
  });

  // Every class list the app's components produced in the web unit tests and on /, /auth, a
  // profile, /teams and an event page (both themes, 360 px and desktop), while tailwind-merge was
  // still in use: the small merge must give the same answer as tailwind-merge for each.
  it.each(cases as string[])('matches tailwind-merge for %s', (classes) => {
    expect(mergeClasses(classes)).toBe(twMerge(classes));
  });
});

describe('mergeMemo (cn on the server)', () => {
  it('answers as mergeClasses does, a repeated list from what it kept, and keeps at most 2,000 lists', () => {
    for (let i = 0; i < 2_500; i++) {
      expect(mergeMemo(`px-${i} py-1 px-${i + 1}`)).toBe(`py-1 px-${i + 1}`);
      expect(mergeMemoSize()).toBeLessThanOrEqual(2_000);
    }
    const size = mergeMemoSize();
    expect(mergeMemo('px-2499 py-1 px-2500')).toBe('py-1 px-2500');
    expect(mergeMemoSize()).toBe(size);
    for (const c of cases as string[]) expect(mergeMemo(c)).toBe(mergeClasses(c));
  });
});
