import type { SvgIconComponent } from '@mui/icons-material';
import AppsRoundedIcon from '@mui/icons-material/AppsRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import CallEndRoundedIcon from '@mui/icons-material/CallEndRounded';
import CloudRoundedIcon from '@mui/icons-material/CloudRounded';
import EmailRoundedIcon from '@mui/icons-material/EmailRounded';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import GraphicEqRoundedIcon from '@mui/icons-material/GraphicEqRounded';
import HeadsetMicRoundedIcon from '@mui/icons-material/HeadsetMicRounded';
import HowToRegRoundedIcon from '@mui/icons-material/HowToRegRounded';
import HubRoundedIcon from '@mui/icons-material/HubRounded';
import MonitorHeartRoundedIcon from '@mui/icons-material/MonitorHeartRounded';
import NetworkCheckRoundedIcon from '@mui/icons-material/NetworkCheckRounded';
import NotificationImportantRoundedIcon from '@mui/icons-material/NotificationImportantRounded';
import NotificationsRoundedIcon from '@mui/icons-material/NotificationsRounded';
import PhoneInTalkRoundedIcon from '@mui/icons-material/PhoneInTalkRounded';
import ReportProblemRoundedIcon from '@mui/icons-material/ReportProblemRounded';
import ScienceRoundedIcon from '@mui/icons-material/ScienceRounded';
import SignalCellularAltRoundedIcon from '@mui/icons-material/SignalCellularAltRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import WebhookRoundedIcon from '@mui/icons-material/WebhookRounded';

/** Icons of the catalogue's icon keys (applications, triggers, actions). */
const ICONS: Record<string, SvgIconComponent> = {
  'aws-connect': CloudRoundedIcon,
  genesys: HubRoundedIcon,
  twilio: PhoneInTalkRoundedIcon,
  cisco: SupportAgentRoundedIcon,
  mos: GraphicEqRoundedIcon,
  'packet-loss': SignalCellularAltRoundedIcon,
  jitter: NetworkCheckRoundedIcon,
  latency: SpeedRoundedIcon,
  'contact-ended': CallEndRoundedIcon,
  readiness: HowToRegRoundedIcon,
  issue: ReportProblemRoundedIcon,
  heartbeat: MonitorHeartRoundedIcon,
  eventbridge: BoltRoundedIcon,
  email: EmailRoundedIcon,
  webhook: WebhookRoundedIcon,
  notification: NotificationsRoundedIcon,
  test: ScienceRoundedIcon,
  slack: ForumRoundedIcon,
  alert: NotificationImportantRoundedIcon,
  app: AppsRoundedIcon,
};

/** The icon of a catalogue key; unknown keys get a headset. */
export function WorkflowIcon({ name, fontSize }: { name: string; fontSize?: 'small' | 'large' }) {
  const Icon = ICONS[name] ?? HeadsetMicRoundedIcon;
  return <Icon fontSize={fontSize} />;
}
