import { BulbOutlined, PlusOutlined } from '@ant-design/icons';
import { describeProfile, type PortProfile, type PortProfilesView } from '@netloom/domain';
import { Button, Card, Flex, Typography } from 'antd';

interface ProfileSuggestionsProps {
  view: PortProfilesView;
  disabled: boolean;
  onCreate(profile: Omit<PortProfile, 'id'>): void;
}

/** Built-in profiles not created yet: each is one click to create, shown with what it sets. */
export function ProfileSuggestions({ view, disabled, onCreate }: ProfileSuggestionsProps) {
  if (view.suggestions.length === 0) return null;
  return (
    <Card
      size="small"
      className="nl-ports-card nl-profile-suggestions"
      title={
        <span>
          <BulbOutlined /> Suggested profiles
        </span>
      }
    >
      <Flex wrap gap={12}>
        {view.suggestions.map((s) => (
          <div key={s.key} className="nl-profile-suggestion" data-testid={`suggestion-${s.key}`}>
            <div>
              <Typography.Text strong>{s.profile.name}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{describeProfile(s.profile)}</Typography.Text>
              </div>
            </div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={disabled}
              aria-label={`Create ${s.profile.name}`}
              onClick={() => onCreate(s.profile)}
            >
              Create
            </Button>
          </div>
        ))}
      </Flex>
    </Card>
  );
}
