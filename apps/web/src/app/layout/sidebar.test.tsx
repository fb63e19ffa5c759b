import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import type { AccessContext, FeatureFlag } from '@callsight/shared';
import '../../test/setup.ts';
import { accessFor, GROUP_ID, makeProfile } from '../../test/factories.ts';
import { ShellProvider } from '../access.tsx';
import { Sidebar } from './sidebar.tsx';
import { visibleNav, flattenLinks, activeSlug, MAIN_NAV, BOTTOM_NAV } from './nav-items.ts';

const ALL_FLAGS: FeatureFlag[] = ['embeddedCanvasApi', 'journeyExplorer', 'simulate'];

function renderSidebar(access: AccessContext, expanded = true, path = `/${GROUP_ID}/dashboard`) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ShellProvider
          value={{
            access,
            profile: makeProfile(),
            group: {
              id: GROUP_ID,
              name: 'Acme Support',
              region: 'ap-southeast-2',
              heartbeatEnabled: access.heartbeatEnabled,
            },
          }}
        >
          <Sidebar
            expanded={expanded}
            onToggleExpanded={() => {}}
            onOpenSwitchGroups={() => {}}
            onLogout={() => {}}
          />
        </ShellProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Accessible names of the menu entries, in the order they appear. */
function entryLabels(): string[] {
  return [
    ...document.querySelectorAll('[data-testid^="nav-"]:not([data-testid^="nav-section-"])'),
  ].map((el) => el.getAttribute('aria-label') ?? '');
}

function sectionSlugs(): string[] {
  return [...document.querySelectorAll('[data-testid^="nav-section-"]')].map((el) =>
    (el.getAttribute('data-testid') ?? '').replace('nav-section-', ''),
  );
}

const CANVAS_FOR_VIEWERS = [
  'Canvas',
  'Overview',
  'Networks, Applications and Equipment',
  'Reported Issues and Insights',
  'Call Overview',
  'Agent Overview',
  'Cohort Comparison',
  'Logs and Errors',
  'Agent Interactions',
  'Customer Experience',
  'Conversational Analytics',
  'All Dashboards',
];
const CANVAS_FOR_ADMINS = [
  ...CANVAS_FOR_VIEWERS.slice(0, 8),
  'Collection Coverage',
  ...CANVAS_FOR_VIEWERS.slice(8),
];

describe('sidebar entries per role', () => {
  it('viewer without flags or heartbeat', () => {
    renderSidebar(accessFor('user:viewer'));
    expect(entryLabels()).toEqual([
      'Home',
      ...CANVAS_FOR_VIEWERS,
      'Calls and Logs',
      'History',
      'Group Settings',
      'Profile',
      'Logout',
    ]);
    expect(sectionSlugs()).toEqual(['technology', 'operations', 'explorer', 'tools']);
  });

  it('viewer with every flag and heartbeat on', () => {
    renderSidebar(accessFor('user:viewer', { flags: ALL_FLAGS, heartbeat: true }));
    expect(entryLabels()).toEqual([
      'Home',
      ...CANVAS_FOR_VIEWERS,
      'Dashboards',
      'Calls and Logs',
      'Journey Explorer',
      'Heartbeat',
      'Logs',
      'History',
      'Group Settings',
      'Profile',
      'Logout',
    ]);
    expect(sectionSlugs()).toEqual(['technology', 'operations', 'explorer', 'heartbeat', 'tools']);
  });

  it('group user sees only Profile and Logout', () => {
    renderSidebar(accessFor('user:user', { flags: ALL_FLAGS, heartbeat: true }));
    expect(entryLabels()).toEqual(['Profile', 'Logout']);
    expect(sectionSlugs()).toEqual([]);
  });

  it('admin with every flag and heartbeat on', () => {
    renderSidebar(accessFor('user:admin', { flags: ALL_FLAGS, heartbeat: true }));
    expect(entryLabels()).toEqual([
      'Home',
      ...CANVAS_FOR_ADMINS,
      'Dashboards',
      'Calls and Logs',
      'Journey Explorer',
      'Heartbeat',
      'Tests',
      'Logs',
      'Workflow',
      'Simulate',
      'History',
      'Teammates',
      'Group Settings',
      'Coverage',
      'Usage',
      'Profile',
      'Logout',
    ]);
  });

  it('admin with flags off and heartbeat off loses Tests (decision G2) and the flagged entries', () => {
    renderSidebar(accessFor('user:admin'));
    expect(entryLabels()).toEqual([
      'Home',
      ...CANVAS_FOR_ADMINS,
      'Calls and Logs',
      'Workflow',
      'History',
      'Teammates',
      'Group Settings',
      'Coverage',
      'Usage',
      'Profile',
      'Logout',
    ]);
    expect(sectionSlugs()).toEqual(['technology', 'operations', 'explorer', 'tools']);
  });

  it('super user sees everything, including GSM, Dashboard Manager and Groups', () => {
    renderSidebar(accessFor('user:super', { flags: ALL_FLAGS, heartbeat: true }));
    expect(entryLabels()).toEqual([
      'Home',
      ...CANVAS_FOR_ADMINS,
      'Dashboards',
      'Calls and Logs',
      'Journey Explorer',
      'Heartbeat',
      'Tests',
      'Logs',
      'Monitors',
      'Logs',
      'Insights',
      'Status Map',
      'Workflow',
      'Simulate',
      'History',
      'Teammates',
      'Group Settings',
      'Coverage',
      'Usage',
      'Dashboard Manager',
      'Groups',
      'Profile',
      'Logout',
    ]);
  });

  it('collapsed: no bottom menu and the canvas menu is one icon', () => {
    renderSidebar(accessFor('user:super', { flags: ALL_FLAGS, heartbeat: true }), false);
    expect(entryLabels()).toEqual([
      'Home',
      'Canvas',
      'Dashboards',
      'Calls and Logs',
      'Journey Explorer',
      'Heartbeat',
      'Tests',
      'Logs',
      'Monitors',
      'Logs',
      'Insights',
      'Status Map',
      'Workflow',
      'Simulate',
      'History',
      'Profile',
      'Logout',
    ]);
  });

  it('GSM entries go to the GSM pages, for super users only (issue 33)', () => {
    renderSidebar(accessFor('user:super'), true, `/${GROUP_ID}/gsm/status`);
    const hrefs = ['Monitors', 'Insights', 'Status Map'].map((name) =>
      screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      `/${GROUP_ID}/gsm/monitors`,
      `/${GROUP_ID}/gsm/insights`,
      `/${GROUP_ID}/gsm/status`,
    ]);
    expect(screen.getByTestId('nav-gsm-logs').getAttribute('href')).toBe(`/${GROUP_ID}/gsm/logs`);
    expect(screen.getByTestId('nav-gsm-status').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-section-gsm').textContent).toBe('GSM');
  });

  it('flags of another group do not count', () => {
    const access = accessFor('user:admin');
    expect(access.features.some((f) => f.feature === 'journeyExplorer')).toBe(true);
    renderSidebar(access);
    expect(screen.queryByTestId('nav-journey-explorer')).toBeNull();
    expect(screen.queryByTestId('nav-dashboards')).toBeNull();
  });

  it('gives every entry an accessible name equal to its label and marks badges', () => {
    renderSidebar(accessFor('user:admin'), true, `/${GROUP_ID}/canvas/coverage`);
    const coverage = screen.getByRole('link', { name: 'Collection Coverage' });
    expect(coverage.getAttribute('data-testid')).toBe('nav-canvas-coverage');
    expect(coverage.textContent).toBe('Collection CoverageNewAdmin');
    expect(coverage.getAttribute('aria-current')).toBe('page');
    expect(coverage.getAttribute('href')).toBe(`/${GROUP_ID}/canvas/coverage`);
    expect(screen.getByRole('link', { name: 'Reported Issues and Insights' }).textContent).toBe(
      'Reported Issues and InsightsInvestigate',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(
      `/${GROUP_ID}/dashboard`,
    );
    expect(screen.getByTestId('group-initials').textContent).toBe('AS');
  });
});

describe('nav model', () => {
  it('keeps the bottom menu out of the collapsed sidebar', () => {
    const access = accessFor('user:super', { flags: ALL_FLAGS, heartbeat: true });
    expect(visibleNav(access, true).bottom.map((l) => l.label)).toEqual(
      BOTTOM_NAV.map((l) => l.label),
    );
    expect(visibleNav(access, false).bottom).toEqual([]);
  });

  it('matches the active entry by the longest path prefix', () => {
    const links = [...flattenLinks(MAIN_NAV), ...BOTTOM_NAV];
    const at = (rest: string) => activeSlug(links, 'g1', `/g1/${rest}`);
    expect(at('gsm/heartbeat')).toBe('heartbeat-tests');
    expect(at('gsm/heartbeat/jobs/7/report')).toBe('heartbeat-logs');
    expect(at('gsm/heartbeat/insights')).toBe('heartbeat-insights');
    expect(at('gsm/heartbeat/logs')).toBe('heartbeat-logs');
    expect(at('gsm/monitors')).toBe('gsm-monitors');
    expect(at('gsm/jobs/9/report')).toBe('gsm-monitors');
    expect(at('gsm/logs')).toBe('gsm-logs');
    expect(at('gsm/insights')).toBe('gsm-insights');
    expect(at('gsm/status')).toBe('gsm-status');
    expect(at('home')).toBe('home');
    expect(at('')).toBe('home');
    expect(at('admin/user/5')).toBe('teammates');
    expect(at('campaign/history/1')).toBe('simulate');
    expect(at('call/abc')).toBe('explorer');
    expect(at('traces/trace/t1')).toBe('journey-explorer');
    expect(at('canvas/logserrors')).toBe('canvas-logserrors');
    expect(at('unknown')).toBeNull();
  });
});

describe("the Canvas menu follows the team's dashboards (spec 002 §6)", () => {
  it('lists only the canvas dashboards the team may open, and always All Dashboards', () => {
    const access = accessFor('user:viewer', { flags: ALL_FLAGS });
    const teamOpens = new Set(['calloverview']);
    const nav = visibleNav(
      access,
      true,
      (link) => !link.canvasKey || link.canvasKey === 'list' || teamOpens.has(link.canvasKey),
    );
    const slugs = flattenLinks(nav.main).map((l) => l.slug);
    expect(slugs).toContain('canvas-calloverview');
    expect(slugs).toContain('canvas-list');
    expect(slugs).not.toContain('canvas-agentoverview');
    expect(slugs).not.toContain('canvas-default');
    // Without a team's list, every canvas entry the role may open.
    const all = flattenLinks(visibleNav(access, true).main).map((l) => l.slug);
    expect(all).toContain('canvas-agentoverview');
  });
});
