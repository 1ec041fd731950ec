import type { ReactElement } from 'react';
import { Icon, type IconProps } from '../../../components/ui/icons';
import type { HelpTopic } from '../help-topics';

/** One decorative icon per help topic; each card's heading names the topic. */
export const helpTopicIcons: Record<HelpTopic, (props: IconProps) => ReactElement> = {
  getStart: (props) => (
    <Icon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  ),
  faq: (props) => (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
    </Icon>
  ),
  pricing: (props) => (
    <Icon {...props}>
      <path d="M7 5h10M7 9h10M13 9c0 3-2.5 4-6 4l7 6" />
      <path d="M7 9c3 0 6 0 6-4" />
    </Icon>
  ),
  support: (props) => (
    <Icon {...props}>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
    </Icon>
  ),
  contact: (props) => (
    <Icon {...props}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </Icon>
  ),
};
