import type { DeviceFilter } from '../../domain/types.js';

/** Counts per device, in the order of the sorted device names: desktop, phone, tablet. */
export type DeviceParts = readonly [desktop: number, phone: number, tablet: number];

export interface DeviceShares {
  desktopShare: number;
  tabletShare: number;
}

/**
 * Splits an integer count into desktop / phone / tablet integers that add up to it exactly.
 *
 * Two nested binary splits (tablet off the whole, then desktop off the rest, phone keeps the remainder), each
 * rounded stochastically with the given dither values in [0, 1). Every part is then non-decreasing in
 * `total` (for fixed dithers), which plain largest-remainder rounding does not guarantee; so a region filter,
 * which only ever lowers the total, also lowers (or keeps) every device's count. The dithers make small
 * counts unbiased: a phrase seen once a day still shows up on desktops on some days.
 */
export function splitDevices(total: number, shares: DeviceShares, dither1: number, dither2: number): DeviceParts {
  if (total <= 0) return [0, 0, 0];
  const tablet = Math.min(total, Math.floor(total * shares.tabletShare + dither1));
  const rest = total - tablet;
  const desktopOfRest = shares.desktopShare / (1 - shares.tabletShare);
  const desktop = Math.min(rest, Math.floor(rest * desktopOfRest + dither2));
  return [desktop, rest - desktop, tablet];
}

/** Which of the three parts a device filter selects ([] = all devices). */
export function deviceMask(devices: DeviceFilter): readonly [boolean, boolean, boolean] {
  if (devices.length === 0) return [true, true, true];
  return [
    devices.includes('DEVICE_DESKTOP'),
    devices.includes('DEVICE_PHONE'),
    devices.includes('DEVICE_TABLET'),
  ];
}

/** Share of all search-engine queries made from each device (desktop, phone, tablet), for the share figure. */
export const ALL_QUERIES_DEVICE_SHARE: DeviceParts = [0.38, 0.58, 0.04];

/** Sum of the selected entries of a per-device triple. */
export function sumSelected(parts: DeviceParts, mask: readonly [boolean, boolean, boolean]): number {
  return (mask[0] ? parts[0] : 0) + (mask[1] ? parts[1] : 0) + (mask[2] ? parts[2] : 0);
}
