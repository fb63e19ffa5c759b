import { Link as RouterLink, useMatches } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import NavigateNextRoundedIcon from '@mui/icons-material/NavigateNextRounded';
import { canAccess, groupInitials } from '@callsight/shared';
import { UNRESOLVED_CRUMB, useCrumbLabels } from '../../components/breadcrumbs/index.ts';
import { paths } from '../../lib/paths.ts';
import { CopilotButton } from '../../features/copilot/components/copilot-button.tsx';
import { TeamSwitcher } from '../../features/playbooks/components/team-switcher.tsx';
import { useShell } from '../access.tsx';
import { deepestHandle, type Crumb } from '../route-handle.ts';

interface BreadcrumbBarProps {
  onOpenSwitchGroups: () => void;
  /** Shown on small screens, where the sidebar is a temporary drawer. */
  onOpenMenu?: () => void;
}

/** Resolves the label shown for a crumb: fixed, resolved by its page, or "..." meanwhile. */
export function crumbText(crumb: Crumb, labels: ReadonlyMap<string, string>): string {
  if (crumb.label !== undefined) return crumb.label;
  return (crumb.dynamicKey && labels.get(crumb.dynamicKey)) || UNRESOLVED_CRUMB;
}

/** Top bar: current group (opens group switch), then the page's path items (spec 000 §2.4). */
export function BreadcrumbBar({ onOpenSwitchGroups, onOpenMenu }: BreadcrumbBarProps) {
  const { group, profile, access } = useShell();
  const matches = useMatches();
  const labels = useCrumbLabels();
  const found = deepestHandle(matches, 'crumbs');
  const crumbs = found ? found.value(found.params, access) : [];

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        height: 60,
        px: { xs: 1.5, md: 3 },
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {onOpenMenu && (
        <IconButton onClick={onOpenMenu} aria-label="Open navigation" edge="start">
          <MenuRoundedIcon />
        </IconButton>
      )}
      <Breadcrumbs
        aria-label="Breadcrumb"
        separator={<NavigateNextRoundedIcon fontSize="small" sx={{ color: 'text.disabled' }} />}
        sx={{
          flex: 1,
          minWidth: 0,
          '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
          '& .MuiBreadcrumbs-li': { minWidth: 0 },
        }}
        data-testid="breadcrumbs"
      >
        <ButtonBase
          onClick={onOpenSwitchGroups}
          data-testid="breadcrumb-group"
          aria-haspopup="dialog"
          sx={{
            px: 1,
            py: 0.5,
            borderRadius: 1.5,
            fontWeight: 600,
            fontSize: '0.9rem',
            color: 'text.primary',
            whiteSpace: 'nowrap',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {group.name}
        </ButtonBase>
        {crumbs.map((crumb, index) => {
          const text = crumbText(crumb, labels);
          const last = index === crumbs.length - 1;
          // No link to a page the caller may not open (issue 33).
          const linked = !!crumb.to && !last && (!crumb.page || canAccess(crumb.page, access));
          if (linked) {
            return (
              <Link
                key={`${index}-${text}`}
                component={RouterLink}
                to={`/${group.id}/${crumb.to}`}
                underline="hover"
                color="text.secondary"
                sx={{ fontSize: '0.9rem', display: 'block' }}
                noWrap
              >
                {text}
              </Link>
            );
          }
          return (
            <Typography
              key={`${index}-${text}`}
              color={last ? 'text.primary' : 'text.secondary'}
              sx={{ fontSize: '0.9rem', fontWeight: last ? 500 : 400 }}
              aria-current={last ? 'page' : undefined}
              noWrap
            >
              {text}
            </Typography>
          );
        })}
      </Breadcrumbs>
      <TeamSwitcher groupId={group.id} />
      <CopilotButton features={access.features} groupId={group.id} />
      <Tooltip title="Profile">
        <ButtonBase
          component={RouterLink}
          to={paths.profile.getHref(group.id)}
          aria-label={`Profile of ${profile.name}`}
          sx={{
            borderRadius: 5,
            pl: 0.5,
            pr: { xs: 0.5, sm: 1.5 },
            py: 0.5,
            gap: 1,
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <Avatar
            src={profile.picture ?? undefined}
            sx={{ width: 30, height: 30, fontSize: '0.8rem', bgcolor: 'secondary.main' }}
          >
            {groupInitials(profile.name)}
          </Avatar>
          <Typography
            sx={{ display: { xs: 'none', sm: 'block' }, fontSize: '0.875rem', fontWeight: 500 }}
            noWrap
          >
            {profile.name}
          </Typography>
        </ButtonBase>
      </Tooltip>
    </Box>
  );
}
