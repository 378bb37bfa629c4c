import type { Page } from 'playwright-core';

/** WCAG 2.5.5's target size, which the issue asks of every control at 375 px. */
const MIN_TARGET_PX = 44;

export interface SmallTarget {
  readonly what: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Every visible control on the page (links, buttons, form controls, radix triggers) whose tap area
 * is under 44×44 px. A checkbox or radio counts by its label, which takes the tap too.
 */
export function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox], [role=tab]',
    );
    const small: { what: string; width: number; height: number }[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // A file input hidden off-screen is reached through its visible button.
      if (control.getAttribute('aria-hidden') === 'true' || control.closest('[aria-hidden=true]')) continue;
      const label = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type) ? control.closest('label') : null;
      const area = (label ?? control).getBoundingClientRect();
      if (area.width + 0.5 >= min && area.height + 0.5 >= min) continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? control.getAttribute('name') ?? '').trim().slice(0, 40);
      small.push({ what: `${control.tagName.toLowerCase()} "${name}"`, width: Math.round(area.width), height: Math.round(area.height) });
    }
    return small;
  }, MIN_TARGET_PX);
}
