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
      {/* Room below the last card for the floating button (3.5rem and its 1rem margin). */}
      <Tabs defaultValue="rate" className="grid gap-4 pb-20">
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
