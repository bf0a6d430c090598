// The icons rendered from the SVG at build time: every PNG size, and the
// Windows .ico holding the sizes up to 256 (read back with Qt's ICO reader).

#include <QImage>
#include <QImageReader>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"

class TestIcon : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pngsHaveTheirSizes();
  void icoHoldsEverySizeUpTo256();
};

void TestIcon::pngsHaveTheirSizes() {
  for (int size : {16, 24, 32, 48, 64, 128, 256, 512}) {
    const QString path = QString("%1/%2x%2/attention-studio.png").arg(STUDIO_ICON_DIR).arg(size);
    QImage image(path);
    QVERIFY2(!image.isNull(), qPrintable(path));
    QCOMPARE(image.size(), QSize(size, size));
  }
}

void TestIcon::icoHoldsEverySizeUpTo256() {
  QImageReader reader(QString(STUDIO_ICON_DIR) + "/attention-studio.ico", "ico");
  QVERIFY2(reader.canRead(), qPrintable(reader.errorString()));
  QCOMPARE(reader.imageCount(), 7);
  QList<int> sizes;
  for (int i = 0; i < reader.imageCount(); ++i) {
    QVERIFY(reader.jumpToImage(i));
    const QImage image = reader.read();
    QVERIFY2(!image.isNull(), qPrintable(reader.errorString()));
    QCOMPARE(image.width(), image.height());
    // The 256 px entry is opaque somewhere: the drawing, not an empty square.
    if (image.width() == 256) QVERIFY(image.pixelColor(128, 128).alpha() > 0);
    sizes << image.width();
  }
  QCOMPARE(sizes, (QList<int>{16, 24, 32, 48, 64, 128, 256}));
}

STUDIO_TEST_MAIN_APP(TestIcon, QGuiApplication)
#include "tst_icon.moc"
