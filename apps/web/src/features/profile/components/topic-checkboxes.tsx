import type { Topic } from "@precis/contract/profile";
import { NativeCheckbox } from "@/components/native-checkbox";

interface TopicCheckboxesProps {
  /** The topics column by column, in the order they are saved. */
  columns: Topic[][];
  labelOf: (topic: Topic) => string;
  /** Set by Form.Item. */
  id?: string;
  value?: Topic[];
  onChange?: (topics: Topic[]) => void;
}

/**
 * The 44 topics of interest as native checkboxes, for Form.Item. antd's Checkbox draws each with its own
 * style hooks and click wave: the 44 of them were the largest part of the profile page's first render
 * (a 4× throttled CPU profile: about a third of its components' time), which blocks a phone's main thread
 * when the app takes over the page.
 */
export function TopicCheckboxes({ columns, labelOf, id, value = [], onChange }: TopicCheckboxesProps) {
  const chosen = new Set(value);
  const setChosen = (topic: Topic, isChosen: boolean) => {
    if (isChosen) chosen.add(topic);
    else chosen.delete(topic);
    onChange?.(columns.flat().filter((candidate) => chosen.has(candidate)));
  };
  return (
    <div id={id} className="profile-topic-columns">
      {columns.map((column) => (
        <div className="profile-topic-column" key={column[0]}>
          {column.map((topic) => (
            <NativeCheckbox
              key={topic}
              checked={chosen.has(topic)}
              onChange={(event) => setChosen(topic, event.target.checked)}
            >
              {labelOf(topic)}
            </NativeCheckbox>
          ))}
        </div>
      ))}
    </div>
  );
}
