import { LockOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';

/** Landing page of a session for which no menu item is permitted (domain `NO_ACCESS_PATH`). */
export default function NoAccess() {
  return (
    <Card>
      <Result
        icon={<LockOutlined />}
        title="Nothing to show yet"
        subTitle="This account has no pages it may open here. Choose a project in the switcher at the top, or ask the project's owner to share it with you."
      />
    </Card>
  );
}
