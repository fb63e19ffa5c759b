import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import KeyboardDoubleArrowDownRoundedIcon from '@mui/icons-material/KeyboardDoubleArrowDownRounded';
import UnfoldMoreRoundedIcon from '@mui/icons-material/UnfoldMoreRounded';
import { canvasDashboardId, groupInitials } from '@callsight/shared';
import { useTeamDashboards } from '../../features/playbooks/api/teams.ts';
import { Logo, LogoMark } from '../../components/brand/index.ts';
import { SIDEBAR } from '../theme.ts';
import { useShell } from '../access.tsx';
import {
  LOGOUT_ICON,
  LOGOUT_LABEL,
  activeSlug,
  flattenLinks,
  visibleNav,
  type NavBadge,
  type NavLink,
  type NavMenu,
  type NavSection,
} from './nav-items.ts';

interface SidebarProps {
  expanded: boolean;
  onToggleExpanded: () => void;
  onOpenSwitchGroups: () => void;
  onLogout: () => void;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
  /** Hide the collapse toggle (the temporary drawer on small screens is always expanded). */
  canCollapse?: boolean;
}

const BADGE_COLORS: Record<NavBadge, { bg: string; fg: string }> = {
  Optimize: { bg: 'rgba(45, 212, 191, 0.16)', fg: '#5eead4' },
  Investigate: { bg: 'rgba(251, 191, 36, 0.16)', fg: '#fcd34d' },
  Admin: { bg: 'rgba(167, 139, 250, 0.18)', fg: '#c4b5fd' },
};

function Badge({ label }: { label: NavBadge | 'New' }) {
  const colors = label === 'New' ? { bg: '#2563eb', fg: '#ffffff' } : BADGE_COLORS[label];
  return (
    <Chip
      size="small"
      label={label}
      sx={{
        height: 17,
        fontSize: '0.6rem',
        letterSpacing: '0.02em',
        bgcolor: colors.bg,
        color: colors.fg,
        '& .MuiChip-label': { px: 0.75 },
      }}
    />
  );
}

const itemSx = (expanded: boolean, depth: number) =>
  ({
    minHeight: depth > 0 ? 34 : 40,
    mx: 1.25,
    my: 0.25,
    px: expanded ? 1.5 : 0,
    pl: expanded ? 1.5 + depth * 2.75 : 0,
    justifyContent: expanded ? 'flex-start' : 'center',
    borderRadius: 2,
    color: SIDEBAR.text,
    '& .MuiListItemIcon-root': { color: SIDEBAR.textMuted, minWidth: expanded ? 36 : 0 },
    '&:hover': { bgcolor: SIDEBAR.hover, color: SIDEBAR.selectedText },
    '&:hover .MuiListItemIcon-root': { color: SIDEBAR.selectedText },
    '&.Mui-selected': { bgcolor: SIDEBAR.selected, color: SIDEBAR.selectedText },
    '&.Mui-selected .MuiListItemIcon-root': { color: SIDEBAR.accent },
    '&.Mui-selected:hover': { bgcolor: SIDEBAR.selected },
    '&.Mui-focusVisible': { outline: `2px solid ${SIDEBAR.accent}`, outlineOffset: -2 },
  }) as const;

function LinkItem({
  link,
  expanded,
  depth,
  active,
  groupId,
  onNavigate,
}: {
  link: NavLink;
  expanded: boolean;
  depth: number;
  active: boolean;
  groupId: string;
  onNavigate?: () => void;
}) {
  const Icon = link.icon;
  const button = (
    <ListItemButton
      component={RouterLink}
      to={link.href(groupId)}
      selected={active}
      aria-label={link.label}
      aria-current={active ? 'page' : undefined}
      data-testid={`nav-${link.slug}`}
      onClick={onNavigate}
      sx={itemSx(expanded, depth)}
    >
      {Icon && (
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {expanded && (
        <>
          <ListItemText
            primary={link.label}
            slotProps={{
              primary: {
                sx: {
                  fontSize: depth > 0 ? '0.84rem' : '0.9rem',
                  fontWeight: active ? 600 : 500,
                  lineHeight: 1.3,
                },
              },
            }}
          />
          {(link.isNew || link.badge) && (
            <Box sx={{ display: 'flex', gap: 0.5, ml: 1, flexShrink: 0 }}>
              {link.isNew && <Badge label="New" />}
              {link.badge && <Badge label={link.badge} />}
            </Box>
          )}
        </>
      )}
    </ListItemButton>
  );
  if (expanded) return button;
  return (
    <Tooltip title={link.label} placement="right">
      {button}
    </Tooltip>
  );
}

function SectionHeading({
  section,
  expanded,
  depth,
}: {
  section: NavSection;
  expanded: boolean;
  depth: number;
}) {
  if (!expanded) {
    return (
      <Divider
        sx={{ borderColor: SIDEBAR.border, mx: 2, my: 1 }}
        data-testid={`nav-section-${section.slug}`}
      />
    );
  }
  return (
    <Typography
      variant="overline"
      component="div"
      data-testid={`nav-section-${section.slug}`}
      sx={{
        display: 'block',
        color: SIDEBAR.heading,
        fontSize: '0.66rem',
        lineHeight: 1,
        pt: depth > 0 ? 1.5 : 2.25,
        pb: 0.75,
        pl: 2.75 + depth * 2.75,
      }}
    >
      {section.label}
    </Typography>
  );
}

function MenuItem({
  menu,
  expanded,
  activeSlugValue,
  groupId,
  onNavigate,
}: {
  menu: NavMenu;
  expanded: boolean;
  activeSlugValue: string | null;
  groupId: string;
  onNavigate?: () => void;
}) {
  const links = flattenLinks(menu.children);
  const containsActive = links.some((l) => l.slug === activeSlugValue);
  const [open, setOpen] = useState(containsActive);
  // Opens the menu when navigation lands on one of its entries (state adjusted during render).
  const [wasActive, setWasActive] = useState(containsActive);
  if (containsActive !== wasActive) {
    setWasActive(containsActive);
    if (containsActive) setOpen(true);
  }
  const navigate = useNavigate();
  const Icon = menu.icon;
  const first = links[0];

  if (!expanded) {
    return (
      <Tooltip title={menu.label} placement="right">
        <ListItemButton
          aria-label={menu.label}
          data-testid={`nav-${menu.slug}`}
          selected={containsActive}
          onClick={() => {
            if (first) void navigate(first.href(groupId));
            onNavigate?.();
          }}
          sx={itemSx(false, 0)}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        </ListItemButton>
      </Tooltip>
    );
  }

  return (
    <>
      <ListItemButton
        aria-label={menu.label}
        aria-expanded={open}
        aria-controls={`nav-${menu.slug}-items`}
        data-testid={`nav-${menu.slug}`}
        onClick={() => setOpen((v) => !v)}
        sx={{
          ...itemSx(true, 0),
          ...(containsActive && !open ? { color: SIDEBAR.selectedText } : {}),
        }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={menu.label}
          slotProps={{ primary: { sx: { fontSize: '0.9rem', fontWeight: 500 } } }}
        />
        {open ? (
          <ExpandLessRoundedIcon fontSize="small" />
        ) : (
          <ExpandMoreRoundedIcon fontSize="small" />
        )}
      </ListItemButton>
      <Collapse in={open} timeout="auto" id={`nav-${menu.slug}-items`}>
        <List disablePadding>
          {menu.children.map((child) =>
            child.kind === 'link' ? (
              <LinkItem
                key={child.slug}
                link={child}
                expanded
                depth={1}
                active={child.slug === activeSlugValue}
                groupId={groupId}
                onNavigate={onNavigate}
              />
            ) : (
              <Box key={child.slug} role="group" aria-label={child.label}>
                <SectionHeading section={child} expanded depth={1} />
                {child.children.map((link) => (
                  <LinkItem
                    key={link.slug}
                    link={link}
                    expanded
                    depth={1}
                    active={link.slug === activeSlugValue}
                    groupId={groupId}
                    onNavigate={onNavigate}
                  />
                ))}
              </Box>
            ),
          )}
        </List>
      </Collapse>
    </>
  );
}

/**
 * Whether the menu's scrolling list holds more above or below what shows: followed on scroll
 * and whenever the list or its content changes size (a menu opened, the window resized).
 */
function useScrollEdges() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ above: false, below: false });
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = () => {
      const above = el.scrollTop > 1;
      const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
      setEdges((prev) => (prev.above === above && prev.below === below ? prev : { above, below }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (contentRef.current) observer?.observe(contentRef.current);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return { scrollRef, contentRef, ...edges };
}

const CUE_HEIGHT = 44;

/** A fade over the list's edge where more entries lie beyond it; it never takes a click. */
function ScrollCue({ edge }: { edge: 'top' | 'bottom' }) {
  const bottom = edge === 'bottom';
  return (
    <Box
      aria-hidden
      data-testid={bottom ? 'sidebar-scroll-cue' : 'sidebar-scroll-cue-top'}
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        [edge]: 0,
        height: bottom ? CUE_HEIGHT : 20,
        pointerEvents: 'none',
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'center',
        background: `linear-gradient(${bottom ? 'to bottom' : 'to top'}, rgba(11, 23, 48, 0), ${SIDEBAR.background} 85%)`,
      }}
    >
      {bottom && (
        <KeyboardDoubleArrowDownRoundedIcon
          fontSize="small"
          sx={{ color: SIDEBAR.accent, mb: 0.25, opacity: 0.9 }}
        />
      )}
    </Box>
  );
}

/** The navy sidebar of spec 000 §2.4; every entry is filtered through canAccess. */
export function Sidebar({
  expanded,
  onToggleExpanded,
  onOpenSwitchGroups,
  onLogout,
  onNavigate,
  canCollapse = true,
}: SidebarProps) {
  const { access, group } = useShell();
  const location = useLocation();
  // The Canvas menu lists only the dashboards the user's team may open (spec 002 §6).
  const teamDashboards = useTeamDashboards(group.id, true);
  const nav = useMemo(
    () =>
      visibleNav(access, expanded, (link) => {
        const id = link.canvasKey ? canvasDashboardId(link.canvasKey, group.id) : null;
        return id === null || id === 'list' || teamDashboards(id);
      }),
    [access, expanded, group.id, teamDashboards],
  );
  const allLinks = useMemo(
    () => [...flattenLinks(nav.main), ...nav.bottom, ...(nav.profile ? [nav.profile] : [])],
    [nav],
  );
  const current = activeSlug(allLinks, group.id, location.pathname);
  const initials = groupInitials(group.name);
  const scroll = useScrollEdges();
  // The current page's entry is brought to the middle of the menu when it lies out of view
  // (or under the scroll cue), e.g. Usage on a short screen.
  useEffect(() => {
    const box = scroll.scrollRef.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !item) return;
    const view = box.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top >= view.top && at.bottom <= view.bottom - CUE_HEIGHT) return;
    box.scrollTop += at.top - view.top - (view.height - at.height) / 2;
  }, [current, expanded, scroll.scrollRef]);

  const renderLink = (link: NavLink, depth = 0) => (
    <LinkItem
      key={link.slug}
      link={link}
      expanded={expanded}
      depth={depth}
      active={link.slug === current}
      groupId={group.id}
      onNavigate={onNavigate}
    />
  );

  const ToggleIcon = expanded ? ChevronLeftRoundedIcon : ChevronRightRoundedIcon;
  const LogoutIcon = LOGOUT_ICON;
  const logoutButton = (
    <ListItemButton
      aria-label={LOGOUT_LABEL}
      data-testid="nav-logout"
      onClick={onLogout}
      sx={itemSx(expanded, 0)}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      {expanded && (
        <ListItemText
          primary={LOGOUT_LABEL}
          slotProps={{ primary: { sx: { fontSize: '0.9rem', fontWeight: 500 } } }}
        />
      )}
    </ListItemButton>
  );

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      data-testid="sidebar"
      data-expanded={expanded}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: SIDEBAR.background,
        color: SIDEBAR.text,
      }}
    >
      <Box
        sx={{
          px: expanded ? 2.5 : 0,
          pt: 2.25,
          pb: 1.5,
          display: 'flex',
          justifyContent: expanded ? 'flex-start' : 'center',
        }}
      >
        {expanded ? <Logo size={28} color="#fff" /> : <LogoMark size={30} />}
      </Box>

      <Box sx={{ px: 1.25, pb: 1.5 }}>
        <Tooltip title={expanded ? '' : `${group.name} (switch group)`} placement="right">
          <ButtonBase
            onClick={onOpenSwitchGroups}
            data-testid="group-switcher"
            aria-label={`Current group ${group.name}. Switch group`}
            aria-haspopup="dialog"
            sx={{
              width: '100%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: expanded ? 'flex-start' : 'center',
              gap: 1.25,
              p: expanded ? 1 : 0.75,
              borderRadius: 2,
              bgcolor: SIDEBAR.backgroundRaised,
              border: `1px solid ${SIDEBAR.border}`,
              textAlign: 'left',
              '&:hover': { bgcolor: SIDEBAR.hover },
              '&.Mui-focusVisible': { outline: `2px solid ${SIDEBAR.accent}` },
            }}
          >
            <Avatar
              variant="rounded"
              data-testid="group-initials"
              sx={{
                width: 34,
                height: 34,
                fontSize: '0.85rem',
                fontWeight: 700,
                bgcolor: '#2563eb',
                color: '#fff',
              }}
            >
              {initials}
            </Avatar>
            {expanded && (
              <>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography
                    noWrap
                    sx={{ color: '#fff', fontWeight: 600, fontSize: '0.9rem', lineHeight: 1.25 }}
                  >
                    {group.name}
                  </Typography>
                  <Typography noWrap sx={{ color: SIDEBAR.textMuted, fontSize: '0.72rem' }}>
                    {group.region}
                  </Typography>
                </Box>
                <UnfoldMoreRoundedIcon fontSize="small" sx={{ color: SIDEBAR.textMuted }} />
              </>
            )}
          </ButtonBase>
        </Tooltip>
      </Box>

      {/* The menu scrolls in the space between the group switcher and the footer (issue 33). */}
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex' }}>
        <Box
          ref={scroll.scrollRef}
          data-testid="sidebar-scroll"
          sx={{
            flex: 1,
            minHeight: 0,
            overflowY: 'auto',
            overflowX: 'hidden',
            scrollbarWidth: 'thin',
            scrollbarColor: `${SIDEBAR.textMuted} transparent`,
          }}
        >
          <Box ref={scroll.contentRef}>
            <List disablePadding data-testid="sidebar-main">
              {nav.main.map((entry) => {
                if (entry.kind === 'link') return renderLink(entry);
                if (entry.kind === 'menu') {
                  return (
                    <MenuItem
                      key={entry.slug}
                      menu={entry}
                      expanded={expanded}
                      activeSlugValue={current}
                      groupId={group.id}
                      onNavigate={onNavigate}
                    />
                  );
                }
                return (
                  <Box key={entry.slug} role="group" aria-label={entry.label}>
                    <SectionHeading section={entry} expanded={expanded} depth={0} />
                    {entry.children.map((link) => renderLink(link))}
                  </Box>
                );
              })}
            </List>

            {nav.bottom.length > 0 && (
              <>
                <Divider sx={{ borderColor: SIDEBAR.border, mx: 2, my: 1.5 }} />
                <List disablePadding data-testid="sidebar-bottom">
                  {nav.bottom.map((link) => renderLink(link))}
                </List>
              </>
            )}
          </Box>
        </Box>
        {scroll.above && <ScrollCue edge="top" />}
        {scroll.below && <ScrollCue edge="bottom" />}
      </Box>

      <Box sx={{ borderTop: `1px solid ${SIDEBAR.border}`, py: 1 }}>
        <List disablePadding data-testid="sidebar-footer">
          {canCollapse && (
            <Tooltip title={expanded ? '' : 'Expand sidebar'} placement="right">
              <ListItemButton
                onClick={onToggleExpanded}
                aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
                aria-expanded={expanded}
                data-testid="sidebar-toggle"
                sx={itemSx(expanded, 0)}
              >
                <ListItemIcon>
                  <ToggleIcon fontSize="small" />
                </ListItemIcon>
                {expanded && (
                  <ListItemText
                    primary="Collapse"
                    slotProps={{
                      primary: { sx: { fontSize: '0.85rem', color: SIDEBAR.textMuted } },
                    }}
                  />
                )}
              </ListItemButton>
            </Tooltip>
          )}
          {nav.profile && renderLink(nav.profile)}
          {expanded ? (
            logoutButton
          ) : (
            <Tooltip title={LOGOUT_LABEL} placement="right">
              {logoutButton}
            </Tooltip>
          )}
        </List>
      </Box>
    </Box>
  );
}
