import { announcer } from './announcer';
import { enhanceCarousel } from './carousel';
import { enhanceDropIfBroken } from './images';
import { enhanceNavbar } from './navbar';
import { enhanceNewsMore } from './news-more';
import { enhanceBack, enhanceShare } from './share';
import { enhancePageToast, toastRegion } from './toasts';
import { all, type Enhancer } from './enhancer';

/** Every enhancer a server-rendered page can ask for, by the name its data-enhance attribute gives. */
export const ENHANCERS: Record<string, Enhancer<never>> = {
  navbar: enhanceNavbar,
  share: enhanceShare,
  back: enhanceBack,
  carousel: enhanceCarousel,
  'news-more': enhanceNewsMore,
  'page-toast': enhancePageToast,
  'drop-if-broken': enhanceDropIfBroken,
};

/** Gives every marked element of the page its behaviour (src/page/main.ts); returns how to take it away. */
export function enhanceAll(root: ParentNode, enhancers: Record<string, Enhancer<never>> = ENHANCERS): () => void {
  toastRegion();
  announcer();
  const cleanups: (() => void)[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-enhance]')) {
    const enhance = (Object.hasOwn(enhancers, element.dataset.enhance ?? '') ? enhancers[element.dataset.enhance!] : undefined) as Enhancer | undefined;
    if (!enhance) console.error(`No hay un comportamiento llamado «${element.dataset.enhance}».`);
    else cleanups.push(enhance(element) ?? (() => {}));
  }
  return all(cleanups);
}
