import type { SvgIconComponent } from '@mui/icons-material';
import LandslideRoundedIcon from '@mui/icons-material/LandslideRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import WaterDropRoundedIcon from '@mui/icons-material/WaterDropRounded';
import { CAMPAIGN_TYPES, type CampaignType } from '@callsight/shared';

const ICONS: Record<CampaignType, SvgIconComponent> = {
  fullload: SpeedRoundedIcon,
  avalanche: LandslideRoundedIcon,
  ramp: TrendingUpRoundedIcon,
  soak: WaterDropRoundedIcon,
};

/** The label of a campaign type (Full Load, Avalanche, Ramp, Soak). */
export const campaignTypeLabel = (type: CampaignType) =>
  CAMPAIGN_TYPES.find((t) => t.value === type)?.label ?? type;

/** The icon of a campaign type, named by its label. */
export function CampaignTypeIcon({
  type,
  fontSize,
}: {
  type: CampaignType;
  fontSize?: 'small' | 'medium' | 'large';
}) {
  const Icon = ICONS[type];
  return <Icon fontSize={fontSize} titleAccess={campaignTypeLabel(type)} />;
}
