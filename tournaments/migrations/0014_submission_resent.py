from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_event_announcement"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablesubmission",
            name="resent",
            field=models.BooleanField(default=False),
        ),
    ]
