// @vitest-environment happy-dom
/** The vendor logo renders only a URL that passes the one URL rule (core/rules/safe-url.ts); else the monogram. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { VendorLogo } from '../../../src/ui/brand';

afterEach(cleanup);

const vendor = (logoUrl: string | null) => ({ name: 'Performance Foodservice', displayName: 'Performance Foodservice', config: { appName: 'PerformancePay', logoUrl, c2pPaymentDays: null, autoPayStartDateTimeFrame: null, achProcessor: 'direct-ach' as const } });

it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/logo.png'])('shows the monogram, no img, for %j', (logoUrl) => {
  const { container } = render(<VendorLogo vendor={vendor(logoUrl)} />);
  expect(container.querySelector('img')).toBeNull();
  expect(screen.getByRole('img', { name: 'Performance Foodservice logo' })).toHaveTextContent('PF');
});

it.each(['/static/logos/pfg.png', 'https://cdn.example.com/logo.png'])('shows the logo for %j', (logoUrl) => {
  const { container } = render(<VendorLogo vendor={vendor(logoUrl)} />);
  expect(container.querySelector('img')).toHaveAttribute('src', logoUrl);
});
