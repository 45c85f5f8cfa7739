import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { autoplayOptions, carouselTiming } from './carousel-settings.ts';
import { whenIdle } from '../../lib/idle.ts';
import { MinimumDrag } from './minimum-drag.ts';

interface CarouselEngineProps {
  viewport: HTMLElement;
  options: EmblaOptionsType;
  onApi: (api: EmblaCarouselType | undefined) => void;
}

/**
 * Embla and its plugins, attached to a carousel's viewport. A module of its own, loaded after
 * the first paint, so that the slider's code is not on the way to the page's first picture.
 */
export default function CarouselEngine({ viewport, options, onApi }: CarouselEngineProps) {
  const [plugins] = useState(() => [Autoplay(autoplayOptions()), MinimumDrag(carouselTiming.minimumDragPx)]);
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  // Each carousel starts in a task of its own, synchronously within it: Embla's start is the
  // heaviest script after the first paint, and two of them in one render made one long task.
  useEffect(() => whenIdle(() => flushSync(() => viewportRef(viewport)), 200), [viewportRef, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
