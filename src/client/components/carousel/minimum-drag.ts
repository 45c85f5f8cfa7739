import type { CreatePluginType, EmblaCarouselType } from 'embla-carousel';

export type MinimumDragType = CreatePluginType<{ [key: string]: unknown }, { minimumPx: number }>;

declare module 'embla-carousel' {
  interface EmblaPluginsType {
    minimumDrag: MinimumDragType;
  }
}

/**
 * Embla decides the slide after a drag from the release speed, so a short flick can change it.
 * A slide changes only after a drag of at least `minimumPx` (docs/product.md: minimum drag distance
 * 80); shorter drags settle back on the slide they started from.
 */
export function MinimumDrag(minimumPx: number): MinimumDragType {
  let cleanup = () => {};
  return {
    name: 'minimumDrag',
    options: { minimumPx },
    init(embla: EmblaCarouselType) {
      const root = embla.rootNode();
      const win = root.ownerDocument.defaultView ?? window;
      let down = false;
      let startX = 0;
      let lastX = 0;
      let startSnap = 0;
      const readX = (event: MouseEvent | TouchEvent) => {
        if ('touches' in event) return (event.touches[0] ?? event.changedTouches[0])?.clientX ?? lastX;
        return event.clientX;
      };
      const onDown = (event: MouseEvent | TouchEvent) => {
        down = true;
        startX = lastX = readX(event);
        startSnap = embla.selectedScrollSnap();
      };
      const onMove = (event: MouseEvent | TouchEvent) => {
        if (down) lastX = readX(event);
      };
      const onUp = () => {
        if (!down) return;
        down = false;
        if (Math.abs(lastX - startX) < minimumPx && embla.selectedScrollSnap() !== startSnap) {
          embla.scrollTo(startSnap);
        }
      };
      const capture = { capture: true, passive: true } as const;
      root.addEventListener('mousedown', onDown, capture);
      root.addEventListener('touchstart', onDown, capture);
      win.addEventListener('mousemove', onMove, capture);
      win.addEventListener('touchmove', onMove, capture);
      embla.on('pointerUp', onUp);
      cleanup = () => {
        root.removeEventListener('mousedown', onDown, capture);
        root.removeEventListener('touchstart', onDown, capture);
        win.removeEventListener('mousemove', onMove, capture);
        win.removeEventListener('touchmove', onMove, capture);
        embla.off('pointerUp', onUp);
      };
    },
    destroy() {
      cleanup();
    },
  };
}
