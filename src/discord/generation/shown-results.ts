/**
 * Results the messenger has shown, recorded in the results index (the web's gallery) with what only
 * the message Discord answered with knows: its id and channel, and the link of the file Discord
 * stored. Fire and forget: the index never fails or slows a delivery (the recorder logs its own
 * failures; anything else is logged here).
 */
import { ChannelType, type Client, type Message } from 'discord.js';
import type { Clock } from '../../clock.ts';
import type { Job } from '../../jobs/job.ts';
import type { ResultContent } from '../../jobs/result-content.ts';
import type { Logger } from '../../log.ts';
import { serviceMedia } from '../../results/from-job.ts';
import type { ResultsRecorder } from '../../results/recorder.ts';
import type { ResultMedia } from '../../results/result.ts';

/** A finished take as it was shown: its job, its content, and the name its file was attached under. */
export interface ShownTake {
  job: Job;
  content: ResultContent | undefined;
  /** Undefined when the file was not attached (a link, or nothing). */
  attachmentName: string | undefined;
}

/** The message as Discord answered it (a webhook edit, a bot edit or a new message). */
interface ShownMessage {
  id: string;
  channelId: string;
  attachments: { name: string; url: string; contentType: string | null }[];
}

/** Where the message is, for the gallery: whose View Channel decides, and whether it is age-restricted. */
interface Place {
  viewChannelId: string;
  ageRestricted: boolean;
}

export class ShownResults {
  private readonly client: Client;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly recorder: ResultsRecorder;

  constructor(client: Client, o: { clock: Clock; logger: Logger; recorder: ResultsRecorder }) {
    this.client = client;
    this.clock = o.clock;
    this.logger = o.logger;
    this.recorder = o.recorder;
  }

  /** Records each finished take of a server shown in `message`; returns at once and never throws. */
  record(takes: readonly ShownTake[], message: Message): void {
    const finished = takes.filter((t) => t.job.reply.guildId && t.job.status === 'completed');
    if (finished.length === 0) return;
    const failed = (err: unknown) =>
      this.logger.warn(
        { err, generationIds: finished.map((t) => t.job.generationId) },
        'cannot record shown results in the results index',
      );
    try {
      // Read now: the message object is not kept.
      const shown: ShownMessage = {
        id: message.id,
        channelId: message.channelId,
        attachments: message.attachments.map((a) => ({
          name: a.name,
          url: a.url,
          contentType: a.contentType,
        })),
      };
      void this.recordAll(finished, shown, this.clock.now()).catch(failed);
    } catch (err) {
      failed(err);
    }
  }

  private async recordAll(
    takes: readonly ShownTake[],
    message: ShownMessage,
    shownAt: number,
  ): Promise<void> {
    const place = await this.placeOf(message.channelId);
    await Promise.all(
      takes.map(async ({ job, content, attachmentName }) => {
        const attached = attachmentName
          ? message.attachments.find((a) => a.name === attachmentName)
          : undefined;
        await this.recorder.shown(
          // Delivery records the time it reached Discord right after this; a take shown again keeps its own.
          { ...job, deliveredAt: job.deliveredAt ?? shownAt },
          {
            messageId: message.id,
            channelId: message.channelId,
            viewChannelId: place.viewChannelId,
            userName: job.reply.userName ?? (await this.userNameOf(job.reply.userId)),
            media: attached ? discordMedia(job, attached) : linkedMedia(job, content),
            ageRestricted: place.ageRestricted,
          },
        );
      }),
    );
  }

  /**
   * The channel, or a public thread's channel (whose members see the thread); a private thread is
   * its own (the web lists none). A channel that cannot be read counts as age-restricted: the
   * gallery hides rather than shows what it cannot tell.
   */
  private async placeOf(channelId: string): Promise<Place> {
    const channel = await this.client.channels.fetch(channelId).catch(() => null);
    if (!channel) return { viewChannelId: channelId, ageRestricted: true };
    if (channel.isThread()) {
      const parent = channel.parent;
      return {
        viewChannelId:
          channel.type === ChannelType.PrivateThread ? channel.id : (channel.parentId ?? channel.id),
        ageRestricted: parent && 'nsfw' in parent ? parent.nsfw : true,
      };
    }
    return { viewChannelId: channel.id, ageRestricted: 'nsfw' in channel && channel.nsfw === true };
  }

  /** A job stored before the member's name was kept on it: their name now, or nothing. */
  private async userNameOf(userId: string): Promise<string> {
    try {
      return (await this.client.users.fetch(userId)).displayName;
    } catch {
      return '';
    }
  }
}

function discordMedia(job: Job, attached: ShownMessage['attachments'][number]): ResultMedia {
  return {
    url: attached.url,
    contentType: attached.contentType ?? job.output?.content_type ?? '',
    from: 'discord',
  };
}

/** A result shown as a link: the service's; none when the link was refused (it is not shown either). */
function linkedMedia(job: Job, content: ResultContent | undefined): ResultMedia | null {
  return content?.linkReason === 'refused' ? null : serviceMedia(job);
}
