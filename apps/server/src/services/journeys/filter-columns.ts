import type { TraceFilterField } from '@callsight/shared';

/** The journey_traces column of each spec 002 §9 filter field (each has its own index). */
export const TRACE_FILTER_COLUMNS: Record<TraceFilterField, string> = {
  'cx.platform': 'platform',
  'cx.journey.id': 'journey_id',
  'cx.agent.username': 'agent_username',
  'cx.agent.network.ip_address': 'agent_ip',
  'cx.softphone.contact.id': 'softphone_contact_id',
  'cx.telephony.agent.name': 'telephony_agent_name',
  'cx.telephony.call.from.number': 'call_from_number',
  'cx.telephony.network.type': 'network_type',
  'cx.telephony.quality.jitter.avg': 'jitter_avg',
  'cx.telephony.quality.mos.avg': 'mos_avg',
  'cx.telephony.quality.packet_loss': 'packet_loss',
  'cx.telephony.quality.rtt.avg': 'rtt_avg',
  'cx.telephony.talk_time': 'talk_time',
};
