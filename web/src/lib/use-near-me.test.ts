import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { NEAR_ME_POSITION_OPTIONS, useNearMe } from './use-near-me';

vi.mock('./toast', () => ({ toast: vi.fn() }));

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { message: string }) => void;

/** A browser whose geolocation answers when the test says so. */
function stubGeolocation() {
  const calls: { success: Success; failure: Failure; options: PositionOptions }[] = [];
  const getCurrentPosition = vi.fn((success: Success, failure: Failure, options: PositionOptions) => {
    calls.push({ success, failure, options });
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return { getCurrentPosition, calls };
}

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('useNearMe', () => {
  it('asks only when toggled, is locating meanwhile, answers lat,lng to 3 decimals, and forgets on the next toggle', () => {
    const geo = stubGeolocation();
    const { result } = renderHook(() => useNearMe({ failedTitle: 'No location' }));
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ near: undefined, locating: false });

    act(() => result.current.toggle());
    expect(result.current.locating).toBe(true);
    expect(geo.calls[0]?.options).toEqual(NEAR_ME_POSITION_OPTIONS);
    expect(NEAR_ME_POSITION_OPTIONS).toEqual({ maximumAge: 600_000, timeout: 15_000 });

    act(() => geo.calls[0]?.success({ coords: { latitude: 43.653226, longitude: -79.3831843 } }));
    expect(result.current).toMatchObject({ near: '43.653,-79.383', locating: false });

    act(() => result.current.toggle());
    expect(result.current.near).toBeUndefined();
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it("toasts the failure with the browser's message and stops locating", () => {
    const geo = stubGeolocation();
    const { result } = renderHook(() =>
      useNearMe({ failedTitle: 'No location', unsupportedText: 'Unused here' }),
    );
    act(() => result.current.toggle());
    act(() => geo.calls[0]?.failure({ message: 'User denied Geolocation' }));
    expect(result.current).toMatchObject({ near: undefined, locating: false });
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'No location',
      description: 'User denied Geolocation',
    });

    act(() => result.current.toggle());
    act(() => geo.calls[1]?.failure({ message: '' }));
    expect(toast).toHaveBeenLastCalledWith({
      variant: 'destructive',
      title: 'No location',
      description: undefined,
    });
  });

  it('toasts at once when the browser has no geolocation (with the text given, if any)', () => {
    const { geolocation: _, ...without } = navigator as Navigator & { geolocation?: unknown };
    vi.stubGlobal('navigator', without);
    const { result, rerender } = renderHook((options) => useNearMe(options), {
      initialProps: { failedTitle: 'No location' } as { failedTitle: string; unsupportedText?: string },
    });
    act(() => result.current.toggle());
    expect(result.current).toMatchObject({ near: undefined, locating: false });
    expect(toast).toHaveBeenLastCalledWith({
      variant: 'destructive',
      title: 'No location',
      description: undefined,
    });

    rerender({
      failedTitle: 'Location unavailable',
      unsupportedText: 'This browser cannot share its location.',
    });
    act(() => result.current.toggle());
    expect(toast).toHaveBeenLastCalledWith({
      variant: 'destructive',
      title: 'Location unavailable',
      description: 'This browser cannot share its location.',
    });
  });
});
