import HealthCore
import HealthExport
import HealthJSON

/// Binds the header of a sample as the tables that keep it as text do (`weight_samples`,
/// `correlations`, `workouts`, `audiograms`): its ID, type, source, source version, device as
/// JSON, and its creation, start and end. One per writer: it keeps the last device's JSON, since
/// most samples repeat their predecessor's device.
public final class HeaderRows {
    private var lastDevice: Device?
    private var lastDeviceJSON: String?

    public init() {}

    /// Binds `header`'s columns, `type` (a workout's activity type) in place of its own.
    public func bind<B: RowBinding>(_ header: SampleHeader, type: String? = nil, id: RecordID, into row: B) {
        row.id(id)
        row.text(type ?? header.type)
        row.text(header.sourceName)
        row.text(header.sourceVersion)
        if let device = header.device {
            if device != lastDevice {
                var buffer = JSONBuffer(capacity: 256)
                buffer.object(device)
                lastDeviceJSON = buffer.text
                lastDevice = device
            }
            row.text(lastDeviceJSON)
        } else {
            row.text(nil)
        }
        row.timestamp(header.creationDate)
        row.timestamp(header.startDate)
        row.timestamp(header.endDate)
    }
}
