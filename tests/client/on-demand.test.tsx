import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../src/client/components/on-demand.tsx';
import { partStates } from '../../src/client/components/on-demand-states.tsx';

/** A stand-in for a screen part that lives in its own file: it only shows its props. */
function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

const words = partStates({ loading: () => 'Loading the greeting…', what: () => 'the greeting' });

/** A loader the test settles by hand, as the network would: each call is one request. */
function handLoader() {
  const requests: Array<{ resolve: () => void; reject: () => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        requests.push({
          resolve: () => resolve(Greeting),
          reject: () => reject(new TypeError('Failed to fetch')),
        });
      }),
  );
  return { load, requests };
}

describe('a part of a screen loaded on demand', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('says it is loading, then shows the part with its props, asking the network once', async () => {
    const { load, requests } = handLoader();
    const { Part } = onDemand(load, words);
    render(<Part name="Asha" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the greeting…');
    await act(async () => requests[0]!.resolve());
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
    // Shown again (another video chosen), it is there at once, with no second request.
    render(<Part name="Ravi" />);
    expect(screen.getByText('Hello, Ravi')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is asked for by preload before it is shown, and then shows without a request of its own', async () => {
    const { load, requests } = handLoader();
    const { Part, preload } = onDemand(load, words);
    const preloaded = preload();
    expect(load).toHaveBeenCalledTimes(1);
    requests[0]!.resolve();
    await preloaded;
    render(<Part name="Meera" />);
    expect(screen.getByText('Hello, Meera')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says what is missing when its file does not come, in words of its own, and tries again', async () => {
    const { load, requests } = handLoader();
    const { Part } = onDemand(load, words);
    render(<Part name="Asha" />);
    await act(async () => requests[0]!.reject());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error: Something went wrong while loading this. Please try again.');
    expect(alert.textContent).not.toContain('Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toBe('Loading the greeting…');
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => requests[1]!.resolve());
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
  });

  it('offline, names the part that will come with the connection instead of an error', async () => {
    const { load, requests } = handLoader();
    const { Part } = onDemand(load, words);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Part name="Asha" />);
    await act(async () => requests[0]!.reject());
    expect(screen.getByRole('status').textContent).toContain(
      'You are offline: the greeting will load when the connection returns',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not keep a failed preload: the part asks again when shown', async () => {
    const { load, requests } = handLoader();
    const { Part, preload } = onDemand(load, words);
    const preloaded = preload();
    requests[0]!.reject();
    await expect(preloaded).rejects.toThrow('Failed to fetch');
    render(<Part name="Asha" />);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => requests[1]!.resolve());
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
  });

  it('without words shows nothing until its code is here, never an error, and asks again when the connection returns', async () => {
    // The top bar's outbox badge: a first visit whose connection drops before the badge's file
    // came must keep its page, not trade it for an error.
    const { load, requests } = handLoader();
    const { Part } = onDemand(load);
    const { container } = render(
      <div data-testid="bar">
        <Part name="Asha" />
      </div>,
    );
    expect(screen.getByTestId('bar').textContent).toBe('');
    await act(async () => requests[0]!.reject());
    expect(screen.getByTestId('bar').textContent).toBe('');
    expect(container.querySelector('[role]')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => requests[1]!.resolve());
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
  });

  it('asks again by itself while the browser says it is online: after 1 s, then 2 s, doubling', async () => {
    // The 'online' event often comes before the network can be used: the badge, which has no
    // "Try again", must not wait for the next event.
    vi.useFakeTimers();
    const { load, requests } = handLoader();
    const { Part } = onDemand(load);
    render(<Part name="Asha" />);
    await act(async () => requests[0]!.reject());
    await act(async () => vi.advanceTimersByTime(999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => requests[1]!.reject());
    await act(async () => vi.advanceTimersByTime(1999));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(3);
    await act(async () => requests[2]!.resolve());
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
  });

  it('offline, waits for the connection rather than asking on a timer', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { load, requests } = handLoader();
    const { Part } = onDemand(load);
    render(<Part name="Asha" />);
    await act(async () => requests[0]!.reject());
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
