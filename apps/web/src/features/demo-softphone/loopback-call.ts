/**
 * A real WebRTC call inside one page: the agent's and the far end's peer connections, connected
 * to each other over host ICE candidates. Each side sends a WebAudio tone as its "microphone",
 * so no microphone permission is needed and getStats() reports real RTP counters.
 */

export interface LoopbackCall {
  /** The agent's peer connection: the one a softphone gives the collector. */
  agentPc: RTCPeerConnection;
  /** The agent's outgoing audio track (disabled while muted, as most softphones mute). */
  agentTrack: MediaStreamTrack;
  setMuted(muted: boolean): void;
  /** Hold: neither side sends audio. */
  setOnHold(onHold: boolean): void;
  close(): void;
}

/** A tone of `hz` as a live audio track (quiet: the page plays nothing out loud). */
function toneTrack(ctx: AudioContext, hz: number): MediaStreamTrack {
  const osc = ctx.createOscillator();
  osc.frequency.value = hz;
  const gain = ctx.createGain();
  gain.gain.value = 0.2;
  const out = ctx.createMediaStreamDestination();
  osc.connect(gain).connect(out);
  osc.start();
  const [track] = out.stream.getAudioTracks();
  if (!track) throw new Error('This browser gives no audio track from WebAudio');
  return track;
}

function connected(pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pc.connectionState === 'connected') resolve();
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed')
        reject(new Error(`WebRTC connection ${pc.connectionState}`));
    };
    pc.addEventListener('connectionstatechange', check);
    check();
  });
}

/** Sets up both ends, negotiates and resolves once the agent's side is connected. */
export async function startLoopbackCall(
  onAgentPc?: (pc: RTCPeerConnection) => void,
): Promise<LoopbackCall> {
  const audio = new AudioContext();
  const agentPc = new RTCPeerConnection();
  const farPc = new RTCPeerConnection();
  const close = () => {
    agentPc.close();
    farPc.close();
    void audio.close().catch(() => undefined);
  };
  try {
    // The collector may attach before negotiation: it skips seconds without media.
    onAgentPc?.(agentPc);
    await audio.resume().catch(() => undefined);
    const agentTrack = toneTrack(audio, 440);
    const farTrack = toneTrack(audio, 330);
    agentPc.addTrack(agentTrack, new MediaStream([agentTrack]));
    farPc.addTrack(farTrack, new MediaStream([farTrack]));
    agentPc.onicecandidate = (e) => {
      if (e.candidate) void farPc.addIceCandidate(e.candidate).catch(() => undefined);
    };
    farPc.onicecandidate = (e) => {
      if (e.candidate) void agentPc.addIceCandidate(e.candidate).catch(() => undefined);
    };
    const offer = await agentPc.createOffer();
    await agentPc.setLocalDescription(offer);
    await farPc.setRemoteDescription(offer);
    const answer = await farPc.createAnswer();
    await farPc.setLocalDescription(answer);
    await agentPc.setRemoteDescription(answer);
    await connected(agentPc);

    let muted = false;
    let onHold = false;
    const apply = () => {
      agentTrack.enabled = !muted && !onHold;
      farTrack.enabled = !onHold;
    };
    return {
      agentPc,
      agentTrack,
      setMuted(value) {
        muted = value;
        apply();
      },
      setOnHold(value) {
        onHold = value;
        apply();
      },
      close,
    };
  } catch (err) {
    close();
    throw err;
  }
}
