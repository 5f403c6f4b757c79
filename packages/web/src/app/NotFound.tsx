import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The address does not match any page of the console."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go to the start page
        </Button>
      }
    />
  );
}
