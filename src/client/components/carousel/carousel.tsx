import type { EmblaCarouselType } from 'embla-carousel';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { carouselOptions, itemsPerView, type Breakpoint } from './carousel-settings.ts';
import { whenIdle } from '../../lib/idle.ts';
import { usePrefersReducedMotion, useWindowWidth } from './use-media.ts';
import './carousel.css';
import { formatNumber, t } from '../../i18n/i18n.ts';

// Should the slider's code not arrive (the connection dropped before the service worker kept a
// copy), the carousel stays as it is, its first slide showing, rather than failing the page.
const CarouselEngine = lazy(() => import('./carousel-engine.tsx').catch(() => ({ default: () => null })));

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
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const awake = useAwakeAfterFirstPaint();
  // A previous/next press that came before Embla was up, carried out once it is.
  const pendingMove = useRef<'prev' | 'next' | null>(null);
  const move = (direction: 'prev' | 'next') => {
    if (!embla) {
      pendingMove.current = direction;
      awake.wake();
      return;
    }
    if (direction === 'prev') embla.scrollPrev();
    else embla.scrollNext();
  };

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
    const pending = pendingMove.current;
    pendingMove.current = null;
    if (pending === 'prev') embla.scrollPrev();
    else if (pending === 'next') embla.scrollNext();
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
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      className={className ? `carousel ${className}` : 'carousel'}
      style={{ '--per-view': perView } as CSSProperties}
      onPointerEnter={(e) => {
        awake.wake();
        if (e.pointerType === 'mouse') setHovering(true);
      }}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovering(false)}
      onPointerDown={awake.wake}
      onFocus={() => {
        awake.wake();
        setFocusWithin(true);
      }}
      onBlur={onBlur}
    >
      {awake.ready && viewport ? (
        <Suspense fallback={null}>
          <CarouselEngine viewport={viewport} options={options} onApi={setEmbla} />
        </Suspense>
      ) : null}
      <div className="carousel-viewport" ref={setViewport}>
        <div className="carousel-track" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              // The slides are fixed content that never reorders.
              key={i}
              className="carousel-slide"
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { n: formatNumber(i + 1), of: formatNumber(slides.length) })}
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
          aria-label={t('carousel.previous')}
          onClick={() => move('prev')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        {reducedMotion ? null : (
          <button
            type="button"
            className="carousel-button"
            aria-label={userPaused ? t('carousel.play') : t('carousel.pause')}
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
          aria-label={t('carousel.next')}
          onClick={() => move('next')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
    </section>
  );
}

/**
 * Embla measures every slide when it starts, which forces the browser to lay out the whole page
 * inside React's commit: on a slow phone that one task was the longest of the home page's load.
 * Until the first paint is done the slides need no script (the first one simply shows, the
 * others wait off to the side), so Embla is loaded and started once the browser is idle after
 * that paint, or at once when the visitor reaches for the carousel.
 */
function useAwakeAfterFirstPaint(): { ready: boolean; wake: () => void } {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancelIdle = () => {};
    // requestAnimationFrame runs just before the paint; the timeout lands just after it.
    const frame = requestAnimationFrame(() => {
      const timer = setTimeout(() => {
        cancelIdle = whenIdle(() => setReady(true), 500);
      }, 0);
      cancelIdle = () => clearTimeout(timer);
    });
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [ready]);
  return { ready, wake: () => setReady(true) };
}
