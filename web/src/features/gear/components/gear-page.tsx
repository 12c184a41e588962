import { GEAR_TEXTS } from '@contract/gear';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { RateGear } from './rate-gear';
import { TopRated } from './top-rated';
import { UploadGear } from './upload-gear-dialog';

const T = GEAR_TEXTS;

/** /gear (SPEC §2): the tabs 'Rate Gear' and 'Top Rated', and the floating upload button. */
export function GearTabs() {
  return (
    <>
      <Tabs defaultValue="rate" className="grid gap-4">
        <TabsList className="justify-self-start">
          <TabsTrigger value="rate">{T.rateTab}</TabsTrigger>
          <TabsTrigger value="top">{T.topTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="rate">
          <RateGear />
        </TabsContent>
        <TabsContent value="top">
          <TopRated />
        </TabsContent>
      </Tabs>
      <UploadGear />
    </>
  );
}
