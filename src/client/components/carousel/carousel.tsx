import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useState, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import {
  autoplayOptions,
  carouselOptions,
  carouselTiming,
  itemsPerView,
  type Breakpoint,
} from './carousel-settings.ts';
import { MinimumDrag } from './minimum-drag.ts';
import { usePrefersReducedMotion, useWindowWidth } from './use-media.ts';
import './carousel.css';

interface CarouselProps {
  /** Names the carousel for screen readers ("Highlights", "Popular courses"). */
  label: string;
  slides: readonly ReactNode[];
  breakpoints: readonly Breakpoint[];
  className?: string;
}

/**
 * An endless, swipeable, self-advancing carousel (Embla) that follows the WAI-ARIA carousel
 * pattern: labelled previous/next buttons, a pause button, slides announced as "2 of 3", and
 * only the slides in view reachable by keyboard and screen reader. It stops advancing while the
 * pointer is over it, while focus is inside it, during a drag, after the pause button, and
 * always when the system asks for reduced motion.
 */
export function Carousel({ label, slides, breakpoints, className }: CarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const perView = Math.min(itemsPerView(useWindowWidth(), breakpoints), slides.length);
  const options = useMemo(() => carouselOptions({ reducedMotion }), [reducedMotion]);
  const [plugins] = useState(() => [Autoplay(autoplayOptions()), MinimumDrag(carouselTiming.minimumDragPx)]);
  const [viewportRef, embla] = useEmblaCarousel(options, plugins);

  const [selected, setSelected] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [dragging, setDragging] = useState(false);
  const playing = !reducedMotion && !userPaused && !hovering && !focusWithin && !dragging;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    const onDown = () => setDragging(true);
    const onUp = () => setDragging(false);
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect).on('pointerDown', onDown).on('pointerUp', onUp);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect).off('pointerDown', onDown).off('pointerUp', onUp);
    };
  }, [embla]);

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    // With a single snap there is nothing to advance to, and the plugin never set itself up.
    if (!embla || !autoplay || embla.scrollSnapList().length < 2) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [embla, playing]);

  const inView = new Set(Array.from({ length: perView }, (_, k) => (selected + k) % slides.length));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  };

  return (
    <section
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={className ? `carousel ${className}` : 'carousel'}
      style={{ '--per-view': perView } as CSSProperties}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovering(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovering(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
    >
      <div className="carousel-viewport" ref={viewportRef}>
        <div className="carousel-track" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              // The slides are fixed content that never reorders.
              key={i}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              inert={!inView.has(i)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          aria-label="Previous slide"
          onClick={() => embla?.scrollPrev()}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        {reducedMotion ? null : (
          <button
            type="button"
            className="carousel-button"
            aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setUserPaused((paused) => !paused)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {userPaused ? <path d="M8 5v14l11-7z" className="fill" /> : <path d="M9 5v14M15 5v14" />}
            </svg>
          </button>
        )}
        <button
          type="button"
          className="carousel-button"
          aria-label="Next slide"
          onClick={() => embla?.scrollNext()}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
    </section>
  );
}
